import { AlertCircle, Check, CheckCheck, Clock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import type { RoomMessage } from '../lib/message-order';

/**
 * The state of one's own message (docs/product.md#social-message-status): sending, sent (read
 * once the other side has
 * read it), or not sent with a retry button. Only a message that failed can be retried.
 */
export function MessageStatus({
  message,
  onRetry,
  onDiscard,
}: {
  message: RoomMessage;
  onRetry: () => void;
  onDiscard: () => void;
}) {
  const { t } = useTranslation('socialChat');
  if (message.status === 'error') {
    return (
      <div className="flex flex-wrap items-center justify-end gap-2 text-xs text-error-text">
        <span role="status" className="flex items-center gap-1" title={message.error ?? undefined}>
          <AlertCircle aria-hidden className="size-3.5" />
          {t('message.error')}
        </span>
        {message.error ? <span className="text-fg-muted">{message.error}</span> : null}
        <Button size="sm" variant="outline" className="h-7" onClick={onRetry}>
          {t('message.retry')}
        </Button>
        <Button size="sm" variant="ghost" className="h-7" onClick={onDiscard}>
          {t('message.discard')}
        </Button>
      </div>
    );
  }
  const [Icon, label] =
    message.status === 'sending'
      ? [Clock, t('message.sending')]
      : message.isRead
        ? [CheckCheck, t('message.read')]
        : [Check, t('message.sent')];
  return (
    <span role="status" className="flex items-center justify-end gap-1 text-xs text-fg-muted">
      <Icon aria-hidden className="size-3.5" />
      {label}
    </span>
  );
}
