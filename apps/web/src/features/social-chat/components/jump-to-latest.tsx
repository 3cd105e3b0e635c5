import { ArrowDown } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';

/**
 * Shown while the room is scrolled up (docs/product.md#chat-room): brings the view to the latest
 * message, with the number of messages that came in meanwhile.
 */
export function JumpToLatest({ count, onJump }: { count: number; onJump: () => void }) {
  const { t } = useTranslation('socialChat');
  return (
    <Button
      variant="outline"
      size="icon"
      onClick={onJump}
      aria-label={count ? t('jump.withNew', { count }) : t('jump.label')}
      className="absolute right-4 bottom-3 z-10 size-10 rounded-full bg-surface! shadow-md hover:bg-surface-muted!"
    >
      <ArrowDown aria-hidden className="size-5" />
      {count ? (
        <Badge variant="primary" aria-hidden className="absolute -top-2 -right-1 tabular-nums">
          {count > 99 ? '99+' : count}
        </Badge>
      ) : null}
    </Button>
  );
}
