import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import type { PresenceView } from '@/lib/presence/use-presence';
import { lastSeenText } from '@/lib/time/last-seen';

/** A dot and "online", "last seen …", "offline" or "unknown" (docs/product.md#presence). */
export function PresenceLabel({
  presence,
  className,
}: {
  presence: PresenceView;
  className?: string;
}) {
  const { t } = useTranslation();
  let text: string;
  if (presence.kind === 'online') text = t('presence.online');
  else if (presence.kind === 'unknown') text = t('presence.unknown');
  else if (presence.lastSeen) text = lastSeenText(new Date(presence.lastSeen));
  else text = t('presence.offline');
  return (
    <span className={cn('flex items-center gap-1', className)} data-testid="presence">
      <span
        aria-hidden
        className={cn(
          'size-2 shrink-0 rounded-full',
          presence.kind === 'online' ? 'bg-success' : 'bg-fg-muted/50',
          presence.kind === 'unknown' && 'border border-fg-muted bg-transparent',
        )}
      />
      <span className="truncate">{text}</span>
    </span>
  );
}
