import { limits } from '@confab/protocol/limits';
import { socialChatApiPaths, socialMessageSchema } from '@confab/protocol/social-chat';
import { z } from 'zod';
import { socialRequest } from '@/lib/social-api/social-api-client';

const pageSchema = z.object({ messages: z.array(socialMessageSchema), hasMore: z.boolean() });

/**
 * `GET /{chatId}/messages?limit=50[&before={id}|&afterSeq={n}]`: the latest page, the page
 * before a message (older history), or everything after a sequence number (catch-up), oldest
 * first.
 */
export async function fetchMessages(
  chatId: string,
  cursor: { before?: string; afterSeq?: number } = {},
  signal?: AbortSignal,
) {
  const query = new URLSearchParams({ limit: String(limits.historyPageSize) });
  if (cursor.before) query.set('before', cursor.before);
  if (cursor.afterSeq !== undefined) query.set('afterSeq', String(cursor.afterSeq));
  const reply = await socialRequest(`${socialChatApiPaths.messages(chatId)}?${query.toString()}`, {
    data: pageSchema,
    signal,
  });
  return reply.data;
}

/** docs/product.md#history-paging: more history is assumed when a batch returns 50 or more. */
export const pageIsFull = (messages: readonly unknown[]) =>
  messages.length >= limits.historyPageSize;
