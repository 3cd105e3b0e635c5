import { Search, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { PresenceLabel } from '@/components/presence-label';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { VisibleName } from '@/components/ui/visible-name';
import type { PresenceView } from '@/lib/presence/use-presence';
import { visibleText } from '@/lib/visible-text';

/** The other person's name and online status, and their typing, above the chat. */
export function RoomHeader({
  name,
  avatar,
  presence,
  typist,
  searching,
  onToggleSearch,
}: {
  name: string;
  avatar: string | null;
  presence: PresenceView;
  typist: string | null;
  searching: boolean;
  onToggleSearch: () => void;
}) {
  const { t } = useTranslation('socialChat');
  return (
    <header className="flex items-center gap-3 border-b border-border px-3 py-2">
      <Avatar name={name} src={avatar} size={40} />
      <div className="flex min-w-0 flex-1 flex-col">
        <h1 className="truncate text-lg font-semibold">
          <VisibleName name={name} />
        </h1>
        <div className="flex items-center gap-2 text-xs text-fg-muted">
          <PresenceLabel presence={presence} className="min-w-0" />
          <span aria-live="polite" className="truncate italic">
            {typist ? t('typing', { name: visibleText(typist) }) : null}
          </span>
        </div>
      </div>
      <Button
        variant="ghost"
        size="icon"
        aria-label={searching ? t('search.close') : t('search.open')}
        aria-pressed={searching}
        onClick={onToggleSearch}
      >
        {searching ? (
          <X aria-hidden className="size-4" />
        ) : (
          <Search aria-hidden className="size-4" />
        )}
      </Button>
    </header>
  );
}
