import type { SocialChat } from '@confab/protocol/social-chat';

/**
 * Spec section 5: chats match when the query is a case-insensitive substring of their name,
 * nickname or last message; an empty query matches every chat.
 */
export function searchChats(chats: readonly SocialChat[], query: string): readonly SocialChat[] {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return chats;
  const has = (text: string | null | undefined) =>
    !!text && text.toLocaleLowerCase().includes(needle);
  return chats.filter(
    (chat) =>
      has(chat.name) ||
      has(chat.nickname) ||
      chat.participants.some((participant) => has(participant.nickname)) ||
      (chat.lastMessage !== null && !chat.lastMessage.deleted && has(chat.lastMessage.content)),
  );
}
