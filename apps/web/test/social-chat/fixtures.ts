import type { SocialChat, SocialMessage } from '@confab/protocol/social-chat';
import { alice } from '../helpers/fake-server';

export const me = 'user' in alice ? alice.user : { id: 'u-1', username: 'alice' };

let counter = 0;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** A message in `chatId`, by default from the other participant. */
export function messageIn(
  chatId: string,
  seq: number,
  extra: Partial<SocialMessage> = {},
): SocialMessage {
  counter += 1;
  return {
    _id: `m-${chatId}-${seq}`,
    chatId,
    seq,
    sender: `${chatId}-other`,
    senderUsername: 'other',
    content: `message ${seq}`,
    contentType: 'text',
    attachment: null,
    clientId: uuid(counter),
    timestamp: '2026-03-01T09:05:00.000Z',
    editedAt: null,
    deleted: false,
    isRead: false,
    ...extra,
  };
}

/** alice's one-to-one chat with `other` (user id `{other}-id`), as the list receives it. */
export function chatWith(other: string, extra: Partial<SocialChat> = {}): SocialChat {
  const id = extra._id ?? `chat-${other}`;
  const last = extra.lastMessage === undefined ? messageIn(id, 1) : extra.lastMessage;
  return {
    _id: id,
    type: 'private',
    name: other,
    nickname: null,
    displayName: null,
    avatar: null,
    participants: [
      { id: `${other}-id`, username: other, nickname: null, displayName: null, avatar: null },
    ],
    lastMessage: last,
    lastTime: last?.timestamp ?? null,
    lastSeq: last?.seq ?? 0,
    unread: 0,
    isOnline: false,
    isPinned: false,
    pinnedOrder: null,
    isArchived: false,
    isMuted: false,
    isBlocked: false,
    readOnly: false,
    aiConsent: { mine: false, theirs: false },
    createdAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

/** `count` chats whose last messages are a minute apart, the first the newest. */
export function manyChats(count: number): SocialChat[] {
  const start = Date.parse('2026-03-01T12:00:00.000Z');
  return Array.from({ length: count }, (_, index) => {
    const id = `chat-${index}`;
    const timestamp = new Date(start - index * 60_000).toISOString();
    return chatWith(`friend${index}`, {
      _id: id,
      lastMessage: messageIn(id, 1, { timestamp, content: `hello ${index}` }),
      lastTime: timestamp,
    });
  });
}
