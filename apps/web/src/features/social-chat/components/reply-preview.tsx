import type { ReplyQuote } from '@confab/protocol/reactions';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { visibleText } from '@/lib/visible-text';
import { quoteText } from '../lib/reply-quote';

/** Above the input while a reply is being written: what it answers, and a way out. */
export function ReplyPreview({ quote, onCancel }: { quote: ReplyQuote; onCancel: () => void }) {
  const { t } = useTranslation('socialChat');
  return (
    <div
      role="status"
      className="mb-2 flex items-center gap-2 rounded-md border-l-4 border-primary bg-surface-muted px-2 py-1 text-sm"
    >
      <p className="line-clamp-2 min-w-0 flex-1 break-words">
        {t('extras.replyingTo', {
          name: visibleText(quote.senderUsername),
          excerpt: quoteText(quote, t),
        })}
      </p>
      <Button
        variant="ghost"
        size="icon"
        className="size-7 shrink-0"
        aria-label={t('extras.cancelReply')}
        onClick={onCancel}
      >
        <X aria-hidden className="size-4" />
      </Button>
    </div>
  );
}
