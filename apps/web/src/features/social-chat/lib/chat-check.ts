import { socialChatSchema, type SocialChat } from '@confab/protocol/social-chat';
import { z } from 'zod';

/**
 * The chat list is checked against the contract where it is used, so that a list of thousands
 * shows at once: checking every field of 10,000 chats before the first paint costs more than the
 * whole 300 ms budget in a fresh page. The reply's shape (a list of objects with an id) is
 * checked when it arrives; each chat is checked in full before its row is drawn; ordering and
 * searching read the other fields defensively.
 */
export const chatListShapeSchema = z.object({
  // A check, not a copy: the objects are kept as they came.
  chats: z.array(
    z.custom<SocialChat>(
      (chat) =>
        typeof chat === 'object' &&
        chat !== null &&
        typeof (chat as { _id?: unknown })._id === 'string',
      'Each chat must be an object with an id',
    ),
  ),
});

const verdicts = new WeakMap<object, boolean>();

/** Whether `chat` is what the contract says; each object is checked once, then remembered. */
export function isValidChat(chat: SocialChat): boolean {
  let valid = verdicts.get(chat);
  if (valid === undefined) {
    const result = socialChatSchema.safeParse(chat);
    valid = result.success;
    verdicts.set(chat, valid);
    // docs/product.md#client-errors: a failure of the list's data is only logged.
    if (!result.success) console.warn('A chat of the list is not readable.', result.error.issues);
  }
  return valid;
}

/** A field that should be text, read as text or not at all. */
export const textOf = (value: unknown): string | null => (typeof value === 'string' ? value : null);
