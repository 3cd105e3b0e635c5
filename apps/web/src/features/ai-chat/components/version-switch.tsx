import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { VersionPlace } from '../lib/message-tree';

/**
 * ‹ 2/3 › under a message that has other versions (docs/product.md#versions-and-branches):
 * shows the previous or next one, with the rest of the chat under it.
 */
export function VersionSwitch({
  place,
  disabled,
  onShow,
}: {
  place: VersionPlace;
  disabled: boolean;
  onShow: (id: string) => void;
}) {
  const { t } = useTranslation('mindBox');
  const { previousId, nextId } = place;
  return (
    <span
      role="group"
      aria-label={t('message.versionOf', { index: place.index, count: place.count })}
      data-testid="version-switch"
      className="inline-flex items-center"
    >
      <Button
        size="icon"
        variant="ghost"
        className="size-7"
        aria-label={t('message.previousVersion')}
        disabled={disabled || !previousId}
        onClick={() => previousId && onShow(previousId)}
      >
        <ChevronLeft aria-hidden className="size-4" />
      </Button>
      <span aria-hidden className="min-w-8 text-center tabular-nums">
        {place.index}/{place.count}
      </span>
      <Button
        size="icon"
        variant="ghost"
        className="size-7"
        aria-label={t('message.nextVersion')}
        disabled={disabled || !nextId}
        onClick={() => nextId && onShow(nextId)}
      >
        <ChevronRight aria-hidden className="size-4" />
      </Button>
    </span>
  );
}
