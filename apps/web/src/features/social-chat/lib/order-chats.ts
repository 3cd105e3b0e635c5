import type { SocialChat } from '@confab/protocol/social-chat';

/**
 * The order of the list: pinned chats first, in pinned order (the order they were pinned,
 * docs/product.md#chat-toggles), then every chat by its last activity, newest first. A chat
 * without messages
 * counts from when it was created.
 */

const timeOf = (iso: string | null): number => {
  // Read defensively: the chats are checked in full only when drawn (lib/chat-check.ts).
  const time = typeof iso === 'string' ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(time) ? 0 : time;
};

export const lastActivity = (chat: SocialChat): number =>
  timeOf(chat.lastTime) || timeOf(chat.createdAt);

export function orderChats(chats: readonly SocialChat[]): SocialChat[] {
  // Parsed once per chat, not once per comparison: the list may hold thousands.
  const keyed = chats.map((chat) => ({
    chat,
    pinned:
      chat.isPinned === true
        ? typeof chat.pinnedOrder === 'number'
          ? chat.pinnedOrder
          : Number.MAX_SAFE_INTEGER
        : null,
    time: lastActivity(chat),
  }));
  keyed.sort((a, b) => {
    if (a.pinned !== null || b.pinned !== null) {
      if (a.pinned === null) return 1;
      if (b.pinned === null) return -1;
      if (a.pinned !== b.pinned) return a.pinned - b.pinned;
    }
    if (a.time !== b.time) return b.time - a.time;
    return a.chat._id < b.chat._id ? -1 : a.chat._id > b.chat._id ? 1 : 0;
  });
  return keyed.map((entry) => entry.chat);
}

/** Which chats a view shows: the archived ones have a view of their own. */
export type ChatView = 'active' | 'archived';

export const inView = (chat: SocialChat, view: ChatView) =>
  view === 'archived' ? chat.isArchived === true : chat.isArchived !== true;
