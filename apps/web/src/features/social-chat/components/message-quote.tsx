import { Forward } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { visibleText } from '@/lib/visible-text';
import type { RoomMessage } from '../lib/message-order';
import { quoteText } from '../lib/reply-quote';
import { useMessageActions } from './message-actions-context';

/**
 * The top of a bubble: "Forwarded" (from whom, when the server may say), and the message it
 * answers, which jumps to the original when clicked.
 */
export function MessageQuote({ message }: { message: RoomMessage }) {
  // Most messages neither answer nor forward: they skip the hooks, as each row on screen
  // mounts this.
  if (message.deleted || (!message.forwarded && !message.replyTo)) return null;
  return <QuoteAndForward message={message} />;
}

function QuoteAndForward({ message }: { message: RoomMessage }) {
  const { t } = useTranslation('socialChat');
  const actions = useMessageActions();
  const { forwarded, replyTo } = message;
  const name = replyTo ? visibleText(replyTo.senderUsername) : '';
  const text = replyTo ? quoteText(replyTo, t) : '';
  return (
    <>
      {forwarded ? (
        <p className="mb-1 flex items-center gap-1 text-xs italic opacity-80">
          <Forward aria-hidden className="size-3" />
          {forwarded.from
            ? t('extras.forwardedFrom', { name: visibleText(forwarded.from) })
            : t('extras.forwarded')}
        </p>
      ) : null}
      {replyTo ? (
        <button
          type="button"
          data-testid="message-quote"
          aria-label={t('extras.quoteLabel', { name, excerpt: text })}
          disabled={!actions}
          onClick={() => actions?.jumpTo(replyTo)}
          className={cn(
            'mb-1 block w-full max-w-full min-w-0 rounded-md border-l-4 border-current/50 bg-black/10 px-2 py-1 text-left text-xs',
            'hover:bg-black/15 focus-visible:ring-2 focus-visible:ring-secondary focus-visible:outline-none dark:bg-white/10',
          )}
        >
          <span className="block font-semibold">{name}</span>
          <span className={cn('line-clamp-2 break-words', replyTo.deleted && 'italic')}>
            {text}
          </span>
        </button>
      ) : null}
    </>
  );
}
