import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { timelineLabel } from '@/lib/time/timeline-label';

/** A timeline item between messages (docs/product.md#ai-chat): time for today, else month/day. */
export const TimeSeparator = memo(function TimeSeparator({ timestamp }: { timestamp: number }) {
  const { i18n } = useTranslation();
  return (
    <div role="separator" className="flex items-center gap-3 py-2 text-xs text-fg-muted">
      <span className="h-px flex-1 bg-border" />
      <time dateTime={new Date(timestamp).toISOString()}>
        {timelineLabel(timestamp, i18n.language)}
      </time>
      <span className="h-px flex-1 bg-border" />
    </div>
  );
});
