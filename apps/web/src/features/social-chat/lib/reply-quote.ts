import { reactionLimits, type ReplyQuote } from '@confab/protocol/reactions';
import type { TFunction } from 'i18next';
import type { RoomMessage } from './message-order';

/** The quote a reply carries while it waits in the outbox (the server's replaces it). */
export function quoteOf(message: RoomMessage): ReplyQuote {
  const points = [...message.content];
  const excerpt =
    points.length > reactionLimits.quoteExcerptMax
      ? `${points.slice(0, reactionLimits.quoteExcerptMax).join('')}…`
      : message.content;
  return {
    messageId: message.id,
    seq: message.seq ?? 1,
    senderUsername: message.senderUsername,
    excerpt,
    // An AI message is quoted by its text.
    contentType:
      message.contentType === 'image' || message.contentType === 'file'
        ? message.contentType
        : 'text',
    deleted: message.deleted,
  };
}

/** What a quote says: its excerpt, what file it was, or that it was deleted. */
export function quoteText(quote: ReplyQuote, t: TFunction<'socialChat'>): string {
  if (quote.deleted) return t('extras.deletedQuote');
  if (quote.contentType === 'image') return t('extras.imageQuote');
  if (quote.contentType === 'file') return t('extras.fileQuote', { name: quote.excerpt });
  return quote.excerpt;
}
