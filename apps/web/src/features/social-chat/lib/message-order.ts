import type { ForwardMark, Reaction, ReplyQuote } from '@confab/protocol/reactions';
import type { AiMessagePayload } from '@confab/protocol/ai-in-chat';
import type { Attachment, ContentType, SocialMessage } from '@confab/protocol/social-chat';
import type { OutboxEntry } from '../lib/outbox-entry';

/** A message as the room shows it: the server's, or one of the user's still in the outbox. */
export interface RoomMessage {
  /** Stable across sending → sent, so the row is not rebuilt when the server confirms it. */
  key: string;
  /** The server's id, or a temporary one while sending (docs/product.md#social-message-status). */
  id: string;
  status: 'sending' | 'sent' | 'error';
  error: string | null;
  seq: number | null;
  clientId: string;
  sender: string;
  senderUsername: string;
  content: string;
  contentType: ContentType;
  attachment: Attachment | null;
  /** Epoch milliseconds. */
  timestamp: number;
  edited: boolean;
  deleted: boolean;
  isRead: boolean;
  /** The message it answers (docs/product.md#message-extras). */
  replyTo?: ReplyQuote | null;
  forwarded?: ForwardMark | null;
  reactions?: Reaction[];
  /** The snapshot of an AI message (docs/product.md#ai-in-chat). */
  ai?: AiMessagePayload | null;
}

export const temporaryId = (clientId: string) => `temp-${clientId}`;

/** Whether `next` is a later state of the same message than `previous` (edits, deletion). */
function isNewer(next: SocialMessage, previous: SocialMessage): boolean {
  if (next.deleted !== previous.deleted) return next.deleted;
  const at = (m: SocialMessage) => (m.editedAt ? Date.parse(m.editedAt) : 0);
  if (at(next) !== at(previous)) return at(next) > at(previous);
  // Same content state: the later copy may carry a fresher read mark.
  return true;
}

/** Whether `messages` are in strictly rising `seq` order (so also without a repeated message). */
function isRun(messages: readonly SocialMessage[]): boolean {
  for (let i = 1; i < messages.length; i += 1) {
    if (messages[i]!.seq <= messages[i - 1]!.seq) return false;
  }
  return true;
}

/**
 * Adds `incoming` to a chat's messages: one copy per server id (the latest state wins, so a
 * late event cannot undo an edit), in `seq` order, the order everyone sees.
 */
export function mergeMessages(
  existing: readonly SocialMessage[],
  incoming: readonly SocialMessage[],
): SocialMessage[] {
  if (!incoming.length) return existing as SocialMessage[];
  // The common cases, a live message after the last one held and an older page before the
  // first, without rebuilding and sorting the whole chat: a long chat takes them as fast.
  const first = existing[0];
  const last = existing.at(-1);
  if (first && last && isRun(incoming)) {
    if (incoming[0]!.seq > last.seq) return [...existing, ...incoming];
    if (incoming.at(-1)!.seq < first.seq) return [...incoming, ...existing];
  }
  const byId = new Map(existing.map((m) => [m._id, m]));
  for (const message of incoming) {
    const previous = byId.get(message._id);
    // A message deleted for the viewer stays hidden: an edit's event does not say who hid it.
    const next = previous?.hidden && !message.hidden ? { ...message, hidden: true } : message;
    if (!previous || isNewer(next, previous)) byId.set(message._id, next);
  }
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/**
 * The catch-up cursor: the last `seq` of the unbroken run that starts at the oldest message
 * held (pages are whole runs, deleted messages keep their place), 0 when nothing is held. A
 * live event that arrived after a missed one lies beyond a gap; asking for what follows it
 * would never fetch the missed one, so the cursor stops before the gap.
 */
export function catchUpCursor(messages: readonly SocialMessage[]): number {
  let cursor = messages[0]?.seq ?? 0;
  for (const message of messages) {
    if (message.seq > cursor + 1) break;
    cursor = Math.max(cursor, message.seq);
  }
  return cursor;
}

/**
 * One room copy per stored message: the store keeps a message's object until it changes, so the
 * same object comes back and the bubbles showing it are not drawn again for another's change.
 */
const roomCopies = new WeakMap<SocialMessage, RoomMessage>();

function fromServer(message: SocialMessage): RoomMessage {
  let copy = roomCopies.get(message);
  if (!copy) {
    copy = roomCopy(message);
    roomCopies.set(message, copy);
  }
  return copy;
}

function roomCopy(message: SocialMessage): RoomMessage {
  return {
    key: `${message.sender}:${message.clientId || message._id}`,
    id: message._id,
    status: 'sent',
    error: null,
    seq: message.seq,
    clientId: message.clientId,
    sender: message.sender,
    senderUsername: message.senderUsername,
    content: message.content,
    contentType: message.contentType,
    attachment: message.attachment,
    timestamp: Date.parse(message.timestamp),
    edited: message.editedAt !== null,
    deleted: message.deleted,
    isRead: message.isRead,
    replyTo: message.replyTo ?? null,
    forwarded: message.forwarded ?? null,
    reactions: message.reactions ?? [],
    ai: message.ai ?? null,
  };
}

function fromOutbox(entry: OutboxEntry, username: string): RoomMessage {
  return {
    key: `${entry.userId}:${entry.clientId}`,
    id: temporaryId(entry.clientId),
    status: entry.status,
    error: entry.error,
    seq: null,
    clientId: entry.clientId,
    sender: entry.userId,
    senderUsername: username,
    content: entry.content,
    contentType: entry.contentType,
    attachment: entry.attachment,
    timestamp: entry.createdAt,
    edited: false,
    deleted: false,
    isRead: false,
    replyTo: entry.replyTo ?? null,
    ai: entry.ai ?? null,
  };
}

/**
 * What the room lists: the server's messages in order, then the user's unconfirmed ones in the
 * order they were sent. An outbox entry whose stored copy already arrived is shown once, as
 * the stored one.
 */
export function roomMessages(
  stored: readonly SocialMessage[],
  pending: readonly OutboxEntry[],
  user: { id: string; username: string },
  chatId: string,
): RoomMessage[] {
  const delivered = new Set(stored.filter((m) => m.sender === user.id).map((m) => m.clientId));
  const waiting = pending
    .filter((e) => e.chatId === chatId && e.userId === user.id && !delivered.has(e.clientId))
    .map((e) => fromOutbox(e, user.username));
  // What the viewer deleted for themselves is not listed (it keeps its seq in the log).
  const shown = stored.filter((m) => !m.hidden);
  return [...shown.map(fromServer), ...waiting];
}
