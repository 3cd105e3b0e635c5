import { aiContentType, type AiMessagePayload } from '@confab/protocol/ai-in-chat';
import {
  reactionLimits,
  type ForwardMark,
  type Reaction,
  type ReplyQuote,
} from '@confab/protocol/reactions';
import type { Attachment, SocialChat, SocialMessage } from '@confab/protocol/social-chat';
import { userAvatarUrl } from '@confab/protocol/profile';
import { forbidden } from '../lib/app-error';
import { aiConsentView } from './ai-consent';
import type { ChatForViewer } from '../repositories/chat.repository';
import type { MessageView } from '../repositories/message.repository';

let lastMs: number | undefined;
let lastIso = '';
/**
 * A time as the protocol writes it. The last one is kept: a send makes each participant's view
 * of one message in a row, and the conversion was a noticeable share of a send.
 */
const iso = (ms: number) => {
  if (ms !== lastMs) {
    lastIso = new Date(ms).toISOString();
    lastMs = ms;
  }
  return lastIso;
};

/**
 * How far each participant has read, so a message's `isRead` can be told for any viewer: the
 * viewer's own messages are read when the other side has read them, the others' when the
 * viewer has.
 */
export type ReadMarks = ReadonlyMap<string, number>;

/** What one viewer sees beside a message: its reactions, and whether they hid it. */
export interface MessageExtras {
  reactions: Reaction[];
  hidden: boolean;
}

const noExtras: MessageExtras = { reactions: [], hidden: false };

/** The first characters of the quoted text, cut at a code point, never inside a pair. */
function excerptOf(content: string): string {
  const points = [...content];
  if (points.length <= reactionLimits.quoteExcerptMax) return content;
  return `${points.slice(0, reactionLimits.quoteExcerptMax).join('')}…`;
}

function quoteOf(view: MessageView): ReplyQuote | null {
  if (view.reply_to_id === null) return null;
  const deleted = view.quoted_deleted !== 0;
  return {
    messageId: view.reply_to_id,
    seq: Number(view.quoted_seq ?? 1),
    senderUsername: view.quoted_username ?? '',
    excerpt: deleted ? '' : excerptOf(view.quoted_content ?? ''),
    contentType: view.quoted_content_type ?? 'text',
    deleted,
  };
}

export function toSocialMessage(
  view: MessageView,
  viewerId: string,
  readMarks: ReadMarks,
  extras: MessageExtras = noExtras,
): SocialMessage {
  const readerSeq =
    view.sender_id === viewerId
      ? readByOthers(readMarks, viewerId)
      : (readMarks.get(viewerId) ?? 0);
  const deleted = view.deleted === 1;
  const ai = deleted || view.ai_payload === null ? null : aiPayloadOf(view.ai_payload);
  return {
    _id: view.id,
    chatId: view.chat_id,
    seq: view.seq,
    sender: view.sender_id,
    senderUsername: view.sender_username,
    content: deleted ? '' : view.content,
    contentType: ai ? aiContentType(ai) : view.content_type,
    attachment: deleted || !view.attachment ? null : (JSON.parse(view.attachment) as Attachment),
    clientId: view.client_id,
    timestamp: iso(view.created_at),
    editedAt: view.edited_at === null ? null : iso(view.edited_at),
    deleted,
    isRead: readerSeq >= view.seq,
    replyTo: quoteOf(view),
    forwarded: view.forward === null ? null : (JSON.parse(view.forward) as ForwardMark),
    reactions: deleted ? [] : extras.reactions,
    hidden: extras.hidden,
    ...(ai ? { ai } : {}),
  };
}

/** A stored AI payload: written by the server from a checked body, so read as it is. */
export function aiPayloadOf(json: string): AiMessagePayload {
  return JSON.parse(json) as AiMessagePayload;
}

/** The highest seq anybody but the viewer has read: the viewer's messages up to it are read. */
export function readByOthers(readMarks: ReadMarks, viewerId: string): number {
  let highest = 0;
  for (const [userId, seq] of readMarks) if (userId !== viewerId && seq > highest) highest = seq;
  return highest;
}

/** The read marks of a chat's participants. */
export function readMarksOf(
  participants: readonly { user_id: string; last_read_seq: number }[],
): ReadMarks {
  return new Map(participants.map((p) => [p.user_id, p.last_read_seq]));
}

/**
 * Whether anything new may be written into a chat (messages, edits, typing, read marks, files):
 * only between contacts whose friendship stands (a private chat's request is accepted), and
 * never while either participant has blocked the chat. A block either way, a removal, or a
 * request that is pending or rejected again all leave the history readable and nothing more.
 */
/** The one answer to any write into a chat that is not writable (see isChatWritable). */
export const readOnlyChat = 'This chat is read-only: nothing new can be written in it';

export function isChatWritable({
  chat,
  me,
  others,
}: {
  chat: { pair_key: string | null; contact_status: string | null };
  me: { blocked: number };
  others: readonly { blocked: number }[];
}): boolean {
  const friends = chat.pair_key === null || chat.contact_status === 'accepted';
  return friends && me.blocked !== 1 && !others.some((o) => o.blocked === 1);
}

/** Refuses a write into a chat that is not writable: 403, one neutral text for every cause. */
export function refuseUnlessWritable(entry: Parameters<typeof isChatWritable>[0]): void {
  if (!isChatWritable(entry)) throw forbidden(readOnlyChat);
}

/** A chat as its viewer sees it (their own state, the other participant's name). */
export function toSocialChat(
  entry: ChatForViewer,
  lastMessage: MessageView | undefined,
  online: ReadonlySet<string>,
): SocialChat {
  const { chat, me, others } = entry;
  const [other] = others;
  const marks = readMarksOf([me, ...others]);
  // The same rule as ProfileService's audience: no name or picture across a block.
  const blocked =
    chat.contact_status === 'blocked' || me.blocked === 1 || others.some((o) => o.blocked === 1);
  const participants = others.map((o) => ({
    id: o.user_id,
    username: o.username,
    nickname: me.nickname,
    displayName: blocked ? null : o.display_name,
    avatar:
      blocked || o.avatar_version === null ? null : userAvatarUrl(o.user_id, o.avatar_version),
  }));
  return {
    _id: chat.id,
    type: 'private',
    name: other?.username ?? '',
    nickname: me.nickname,
    displayName: participants[0]?.displayName ?? null,
    avatar: participants[0]?.avatar ?? null,
    participants,
    lastMessage: lastMessage ? toSocialMessage(lastMessage, me.user_id, marks) : null,
    lastTime: lastMessage ? iso(lastMessage.created_at) : null,
    lastSeq: chat.last_seq,
    unread: me.unread,
    // Presence only between contacts whose friendship stands: never across a block or removal.
    isOnline: other !== undefined && online.has(other.user_id) && isChatWritable(entry),
    isPinned: me.pinned === 1,
    pinnedOrder: me.pinned === 1 ? me.pinned_order : null,
    isArchived: me.archived === 1,
    isMuted: me.muted === 1,
    // Only the viewer's own blocks: the other side's block shows as read-only, nothing more.
    isBlocked:
      me.blocked === 1 ||
      (chat.contact_status === 'blocked' && chat.contact_blocked_by === me.user_id),
    readOnly: !isChatWritable(entry),
    aiConsent: aiConsentView(entry),
    createdAt: iso(chat.created_at),
  };
}
