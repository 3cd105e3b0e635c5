import type { SocialChat } from '@confab/protocol/social-chat';
import { textOf } from './chat-check';

/**
 * docs/product.md#history-paging: chats match when the query is a case-insensitive substring of
 * their name,
 * nickname or last message; an empty query matches every chat. Fields are read defensively:
 * a chat is checked in full only when drawn (lib/chat-check.ts).
 */
export function searchChats(chats: readonly SocialChat[], query: string): readonly SocialChat[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return chats;
  const has = (value: unknown) => !!textOf(value)?.toLocaleLowerCase().includes(needle);
  return chats.filter(
    (chat) =>
      has(chat.name) ||
      has(chat.nickname) ||
      (Array.isArray(chat.participants) &&
        chat.participants.some((participant) => has(participant?.nickname))) ||
      (!!chat.lastMessage && !chat.lastMessage.deleted && has(chat.lastMessage.content)),
  );
}
