import type { ProfileUpdatedPayload } from '@confab/protocol/profile';
import type {
  MessagesReadPayload,
  PresenceNoticePayload,
  SocialChat,
  SocialMessage,
} from '@confab/protocol/social-chat';

/**
 * How the server's events change the cached list. Each returns a new array (or the same one
 * when nothing changed), or `undefined` when the event is about a chat the list does not hold:
 * the caller then reloads the list from the server.
 */

type Chats = readonly SocialChat[];

function replaceAt(chats: Chats, index: number, chat: SocialChat): SocialChat[] {
  const next = chats.slice();
  next[index] = chat;
  return next;
}

/**
 * A new message (`newChatMessage`, `new_message`). Events may arrive twice or late: a message
 * older than the row's last one leaves the preview alone. `unread` is the server's count for
 * the viewer, carried by `new_message`.
 */
export function withMessage(
  chats: Chats,
  message: SocialMessage,
  unread?: number,
): Chats | undefined {
  const index = chats.findIndex((chat) => chat._id === message.chatId);
  const chat = chats[index];
  if (!chat) return undefined;
  const newer = message.seq > chat.lastSeq;
  if (!newer && unread === undefined) return chats;
  return replaceAt(chats, index, {
    ...chat,
    ...(newer
      ? { lastMessage: message, lastTime: message.timestamp, lastSeq: message.seq }
      : undefined),
    ...(unread === undefined ? undefined : { unread }),
  });
}

/** An edit or a deletion (`messageUpdated`): only the row whose last message it is changes. */
export function withUpdatedMessage(chats: Chats, message: SocialMessage): Chats {
  const index = chats.findIndex((chat) => chat.lastMessage?._id === message._id);
  const chat = chats[index];
  return chat ? replaceAt(chats, index, { ...chat, lastMessage: message }) : chats;
}

/** The viewer's own chat as the server now has it (`chatUpdated`). */
export function withChat(chats: Chats, chat: SocialChat): Chats {
  const index = chats.findIndex((existing) => existing._id === chat._id);
  return index === -1 ? [...chats, chat] : replaceAt(chats, index, chat);
}

/** Someone changed their display name or avatar (`profileUpdated`): their chats show it. */
export function withProfile(chats: Chats, profile: ProfileUpdatedPayload): Chats {
  let changed = false;
  const next = chats.map((chat) => {
    if (!Array.isArray(chat.participants)) return chat;
    const index = chat.participants.findIndex((p) => p?.id === profile.userId);
    if (index === -1) return chat;
    changed = true;
    const participants = chat.participants.map((p, i) =>
      i === index ? { ...p, displayName: profile.displayName, avatar: profile.avatarUrl } : p,
    );
    return index === 0
      ? { ...chat, participants, displayName: profile.displayName, avatar: profile.avatarUrl }
      : { ...chat, participants };
  });
  return changed ? next : chats;
}

/** A contact came online or went offline (`presence`). */
export function withPresence(chats: Chats, presence: PresenceNoticePayload): Chats {
  let changed = false;
  const next = chats.map((chat) => {
    const involved =
      Array.isArray(chat.participants) &&
      chat.participants.some((participant) => participant?.id === presence.userId);
    if (!involved || chat.isOnline === presence.isOnline) return chat;
    changed = true;
    return { ...chat, isOnline: presence.isOnline };
  });
  return changed ? next : chats;
}

/**
 * Read marks (`messagesRead`): the viewer's own (another tab read the chat) clear the unread
 * count when they reach the last message; the other participant's mark the viewer's last
 * message read.
 */
export function withReadMark(chats: Chats, read: MessagesReadPayload, viewerId: string): Chats {
  const index = chats.findIndex((chat) => chat._id === read.chatId);
  const chat = chats[index];
  if (!chat) return chats;
  if (read.userId === viewerId) {
    if (read.lastReadSeq < chat.lastSeq || chat.unread === 0) return chats;
    return replaceAt(chats, index, { ...chat, unread: 0 });
  }
  const last = chat.lastMessage;
  if (!last || last.sender !== viewerId || last.isRead || last.seq > read.lastReadSeq) return chats;
  return replaceAt(chats, index, { ...chat, lastMessage: { ...last, isRead: true } });
}

/** The viewer opened the chat: nothing in it is unread any more. */
export function withoutUnread(chats: Chats, chatId: string): Chats {
  const index = chats.findIndex((chat) => chat._id === chatId);
  const chat = chats[index];
  if (!chat || chat.unread === 0) return chats;
  return replaceAt(chats, index, { ...chat, unread: 0 });
}
