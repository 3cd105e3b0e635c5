import type { SessionUser } from '@confab/protocol/auth';
import { aiContentType, aiMessageText, type AiMessagePayload } from '@confab/protocol/ai-in-chat';
import type { ContentTypeColumn } from '../db/schema';
import type { ForwardMark } from '@confab/protocol/reactions';
import type {
  Attachment,
  ContentType,
  SocialMessage,
  SyncChanges,
  SyncCursor,
  SyncReply,
} from '@confab/protocol/social-chat';
import { isUniqueViolation } from '../db/errors';
import { badRequest, conflict, forbidden, notFound } from '../lib/app-error';
import { takeAttempt, type AttemptLimiter } from '../lib/attempt-limiter';
import { newId } from '../lib/ids';
import type { ChatForViewer, ChatRepository, SendAccess } from '../repositories/chat.repository';
import type { MessageRepository, MessageView } from '../repositories/message.repository';
import type { SendStore, StoredSend } from '../db/write-pipeline/send-store';
import type { Transact } from '../db/transaction';
import { refuseUnlessAiConsent } from './ai-consent';
import type { AttachmentLookup } from './attachment-lookup';
import { noSuchChat, type ChatsService } from './chats.service';
import type { MessageExtrasService } from './message-extras.service';
import type { MessageNotifications } from './message-notifications';
import {
  aiPayloadOf,
  isChatWritable,
  readByOthers,
  readMarksOf,
  refuseUnlessWritable,
  toSocialMessage,
} from './social-chat-views';

export interface MessagesStore {
  messages: MessageRepository;
  chats: ChatRepository;
}

interface MessagesServiceOptions {
  store: MessagesStore;
  transact: Transact<MessagesStore>;
  /** What every send reads (the check before it) and stores, in shared commits. */
  sends: SendStore;
  /**
   * Each user's allowance of sends and edits (an edit is relayed to the other side like a
   * message), whichever entry point they come through: REST, socket or the app routes.
   */
  allowance: AttemptLimiter;
  chats: ChatsService;
  attachments: AttachmentLookup;
  notify: MessageNotifications;
  /** Reactions and hides, shown beside the messages. */
  extras: MessageExtrasService;
  now?: () => number;
}

export interface SendInput {
  chatId: string;
  /** The text; an AI message has none of its own (it is made from `ai`). */
  content?: string;
  contentType: ContentType;
  /** The snapshot of an `ai_share` or `ai_answer` message (docs/product.md#ai-in-chat). */
  ai?: AiMessagePayload;
  /** The client's id of this send; a retry with the same one returns the original message. */
  clientId?: string;
  fileId?: string;
  /** A message of the same chat this one answers. */
  replyToId?: string;
  /** Set by forward() only: the copy's mark. */
  forward?: ForwardMark;
}

export interface SendOrigin {
  /**
   * The socket the message was sent through: its acknowledgement carries the stored message,
   * so it is not sent `newChatMessage` as well (the sender's other tabs are).
   */
  socketId?: string;
}

export interface PageOptions {
  limit: number;
  /** A message id of this chat: messages older than it. */
  before?: string;
  /** Catch-up: messages after this sequence number. */
  afterSeq?: number;
}

// One text for "no such message" and "a message of another chat".
const noSuchMessage = 'No such message in this chat';

/**
 * Messages of one-to-one chats (docs/product.md#social-entities, #social-message-status).
 *
 * - Sends and edits take from the user's allowance first (past it, 429 with retry-after).
 * - Only participants send, read, mark and search; any other chat id is "No such chat" (404).
 *   A message id of another chat is "No such message in this chat" (404).
 * - Exactly once: a send whose clientId the sender already used stores nothing and returns the
 *   original message, also when two retries race (the unique index decides, the loser reads
 *   the winner's row).
 * - Order: the send's transaction takes the chat's next sequence number, so every chat reads
 *   1, 2, 3, ... with no gap, in the order the sends were stored.
 * - Nothing new is written into a chat that is not writable (a block either way, or a pair who
 *   are no longer contacts; see isChatWritable): sends, edits and deletions answer 403. The
 *   history stays readable. A read mark there counts the reader's own unread messages again
 *   and tells the other side nothing.
 * - Only the sender edits or deletes; a deleted message keeps its place (and number) with its
 *   content removed, and cannot be edited.
 * - Unread counts are kept per participant: a message adds one for each receiver, a read mark
 *   recounts what is left after it, a deletion takes back an unread message.
 */
export class MessagesService {
  private readonly now: () => number;

  constructor(private readonly options: MessagesServiceOptions) {
    this.now = options.now ?? Date.now;
  }

  private get messages() {
    return this.options.store.messages;
  }

  async send(user: SessionUser, input: SendInput, origin: SendOrigin = {}): Promise<SocialMessage> {
    await takeAttempt(this.options.allowance, user.id);
    const entry = await this.options.sends.sendAccess(input.chatId, user.id, input.clientId);
    if (!entry) throw notFound(noSuchChat);
    if (input.clientId !== undefined && entry.clientIdUsed) {
      const original = await this.messages.findByClientId(user.id, input.clientId);
      if (original) return this.original(original, entry, user.id);
    }
    refuseUnlessWritable(entry);
    // An answer asked in this chat needs both participants' consent; a forwarded copy of one
    // asked elsewhere is a quotation, not a new answer.
    if (input.ai?.kind === 'answer' && !input.forward) {
      refuseUnlessAiConsent(await this.options.chats.access(user.id, input.chatId));
    }
    const quoted = await this.quotedFor(input);
    const attachment = await this.attachmentFor(input);
    const participantIds = [entry.me.user_id, ...entry.others.map((o) => o.user_id)];
    const id = newId();
    const clientId = input.clientId ?? newId();
    const now = this.now();
    // The row to store, and then (its seq set) what every participant's view is made of: one
    // object for both, as a copy of it on every send was a measurable cost.
    const view: MessageView = {
      id,
      chat_id: input.chatId,
      seq: 0,
      sender_id: user.id,
      sender_username: user.username,
      client_id: clientId,
      content: input.ai ? aiMessageText(input.ai) : (input.content ?? ''),
      // An AI message's kind is its payload's (migration 0018).
      content_type: input.ai ? 'text' : (input.contentType as ContentTypeColumn),
      attachment: attachment ? JSON.stringify(attachment) : null,
      created_at: now,
      edited_at: null,
      deleted: 0,
      revision: 0,
      reply_to_id: quoted?.id ?? null,
      forward: input.forward ? JSON.stringify(input.forward) : null,
      ai_payload: input.ai ? JSON.stringify(input.ai) : null,
      quoted_username: quoted?.sender_username ?? null,
      quoted_seq: quoted?.seq ?? null,
      quoted_content: quoted?.content ?? null,
      quoted_content_type: quoted?.content_type ?? null,
      quoted_deleted: quoted?.deleted ?? null,
    };
    let stored: StoredSend | undefined;
    try {
      // Grouped with other sends into one commit; settled only once committed.
      stored = await this.options.sends.store(view);
    } catch (error) {
      // A concurrent retry with the same clientId won: answer with its message.
      if (input.clientId !== undefined && isUniqueViolation(error)) {
        const original = await this.messages.findByClientId(user.id, input.clientId);
        if (original) return this.original(original, entry, user.id);
      }
      throw error;
    }
    if (!stored) throw notFound(noSuchChat);
    view.seq = stored.seq;
    // Read marks as they were: nobody has read a message stored just now.
    const marks = readMarksOf([entry.me, ...entry.others]);
    // Each participant's view is made once (the sender's serves its tabs and the reply).
    const views = new Map<string, SocialMessage>();
    const messageFor = (viewerId: string) => {
      let message = views.get(viewerId);
      if (!message) views.set(viewerId, (message = toSocialMessage(view, viewerId, marks)));
      return message;
    };
    this.options.notify.sent(participantIds, messageFor, stored.unread, origin.socketId);
    return messageFor(user.id);
  }

  /**
   * Forwards a message the user can read into another of their chats, as a new message of
   * theirs marked as forwarded (sent as any send: the target must be writable, the clientId
   * stores it once). The mark names the original sender only when the target's participants
   * know who that is (a participant of the target); else it says "Forwarded" and nothing more.
   * A deleted message, or one carrying a file (files are readable in their own chat only), is
   * refused.
   */
  async forward(
    user: SessionUser,
    chatId: string,
    messageId: string,
    target: { toChatId: string; clientId: string },
  ): Promise<SocialMessage> {
    await this.options.chats.access(user.id, chatId);
    const message = await this.messageOf(chatId, messageId);
    if (message.deleted === 1) throw conflict('This message was deleted and cannot be forwarded');
    if (message.attachment !== null) {
      throw badRequest(
        'Files cannot be forwarded: download the file and send it in the other chat',
        {
          messageId: 'Only text messages can be forwarded',
        },
      );
    }
    const destination = await this.options.chats.access(user.id, target.toChatId);
    const known = new Set([user.id, ...destination.others.map((o) => o.user_id)]);
    const from = known.has(message.sender_id) ? message.sender_username : null;
    const ai = message.ai_payload === null ? undefined : aiPayloadOf(message.ai_payload);
    return this.send(user, {
      chatId: target.toChatId,
      ...(ai
        ? { ai, contentType: aiContentType(ai) }
        : { content: message.content, contentType: 'text' }),
      clientId: target.clientId,
      forward: { from },
    });
  }

  /** History, oldest first: the latest page, the page before a message, or after a seq. */
  async page(
    user: SessionUser,
    chatId: string,
    options: PageOptions,
  ): Promise<{ messages: SocialMessage[]; hasMore: boolean }> {
    const entry = await this.options.chats.access(user.id, chatId);
    if (options.before !== undefined && options.afterSeq !== undefined) {
      throw badRequest('Give either before or afterSeq, not both');
    }
    const page =
      options.afterSeq !== undefined
        ? await this.messages.after(chatId, options.afterSeq, options.limit)
        : await this.messages.page(chatId, {
            limit: options.limit,
            beforeSeq:
              options.before === undefined
                ? undefined
                : (await this.messageOf(chatId, options.before)).seq,
          });
    return { messages: await this.viewsFor(page.messages, entry), hasMore: page.hasMore };
  }

  /**
   * The latest `limit` messages of each chat, oldest first, keyed by chat id; with one chat and
   * a `messageId`, the messages before that one.
   */
  async batch(
    user: SessionUser,
    chatIds: readonly string[],
    limit: number,
    messageId?: string,
  ): Promise<Record<string, SocialMessage[]>> {
    const unique = [...new Set(chatIds)];
    if (messageId !== undefined && unique.length !== 1) {
      throw badRequest('messageId goes with exactly one chat id', {
        messageId: 'Give one chat id with messageId',
      });
    }
    const entries = await this.options.chats.accessAll(user.id, unique);
    const result: Record<string, SocialMessage[]> = {};
    for (const entry of entries) {
      const chatId = entry.chat.id;
      const beforeSeq =
        messageId === undefined ? undefined : (await this.messageOf(chatId, messageId)).seq;
      const page = await this.messages.page(chatId, { limit, beforeSeq });
      result[chatId] = await this.viewsFor(page.messages, entry);
    }
    return result;
  }

  async edit(
    user: SessionUser,
    chatId: string,
    messageId: string,
    content: string,
  ): Promise<SocialMessage> {
    await takeAttempt(this.options.allowance, user.id);
    const entry = await this.options.chats.writeAccess(user.id, chatId);
    const message = await this.ownMessage(user, chatId, messageId, 'edit');
    if (message.deleted === 1) throw conflict('This message was deleted and cannot be edited');
    if (message.ai_payload !== null) {
      throw conflict('An AI message cannot be edited: delete it and share or ask again', {
        messageId: 'AI messages cannot be edited',
      });
    }
    const editedAt = this.now();
    const revision = await this.options.transact(async ({ messages }) => {
      const next = await messages.nextRevision(chatId);
      await messages.update(messageId, { content, edited_at: editedAt, revision: next });
      return next;
    });
    return await this.announceUpdate({ ...message, content, edited_at: editedAt, revision }, entry);
  }

  /** Removes the message's content for everyone; deleting it again changes nothing. */
  async remove(user: SessionUser, chatId: string, messageId: string): Promise<SocialMessage> {
    const entry = await this.options.chats.writeAccess(user.id, chatId);
    const message = await this.ownMessage(user, chatId, messageId, 'delete');
    if (message.deleted === 1) return (await this.viewsFor([message], entry))[0]!;
    const revision = await this.options.transact(async ({ messages, chats }) => {
      const next = await messages.nextRevision(chatId);
      await messages.update(messageId, {
        content: '',
        attachment: null,
        ai_payload: null,
        deleted: 1,
        revision: next,
      });
      for (const other of entry.others)
        await chats.removeUnread(chatId, other.user_id, message.seq);
      return next;
    });
    const deleted = { ...message, content: '', attachment: null, deleted: 1, revision };
    // The file goes with the message: nobody can download it any more.
    if (message.attachment) {
      const file = JSON.parse(message.attachment) as Attachment;
      await this.options.attachments.release(file.id, chatId, message.sender_id);
    }
    const view = await this.announceUpdate(deleted, entry);
    // A receiver who had not read it has one unread message fewer.
    for (const other of entry.others) {
      if (other.last_read_seq < message.seq)
        await this.options.chats.changed(other.user_id, chatId);
    }
    return view;
  }

  /** Marks everything up to `messageId` as read. */
  async read(
    user: SessionUser,
    chatId: string,
    messageId: string,
  ): Promise<{ chatId: string; unread: number; lastReadSeq: number }> {
    const entry = await this.options.chats.access(user.id, chatId);
    const message = await this.messageOf(chatId, messageId);
    return this.markRead(user, entry, message.seq);
  }

  /** Marks the whole chat as read. */
  async readAll(
    user: SessionUser,
    chatId: string,
  ): Promise<{ chatId: string; unread: number; lastReadSeq: number }> {
    const entry = await this.options.chats.access(user.id, chatId);
    return this.markRead(user, entry, entry.chat.last_seq);
  }

  /** Messages containing `query` (case-insensitive; empty finds all), newest first. */
  async search(
    user: SessionUser,
    chatId: string,
    query: string,
    limit: number,
  ): Promise<SocialMessage[]> {
    const entry = await this.options.chats.access(user.id, chatId);
    const found = await this.messages.search(chatId, query.trim(), limit);
    // What the viewer deleted for themselves is not found either.
    return (await this.viewsFor(found, entry)).filter((message) => !message.hidden);
  }

  /**
   * Catch-up after a reconnection: for each of the user's chats among the cursors, the
   * messages after `afterSeq`, oldest first, at most `limit` per chat, and, for a cursor with
   * `afterRevision`, the messages from `fromSeq` to `afterSeq` edited or deleted since (at most
   * `limit`, in the order of the changes). Chats the user is not in are left out. `hasMore`
   * tells that some chat had more: ask again from the new cursors.
   *
   * The chats (and their last revision) are read before the messages: a change made meanwhile
   * is in the rows read, or has a revision above the one answered, so it comes next time.
   */
  async since(userId: string, cursors: readonly SyncCursor[], limit: number): Promise<SyncReply> {
    const entries = await this.options.store.chats.chatsOf(userId, { includeHidden: true });
    const entryByChat = new Map(entries.map((entry) => [entry.chat.id, entry]));
    const messagesMap: Record<string, SocialMessage[]> = {};
    const changesMap: Record<string, SyncChanges> = {};
    const hiddenMap: Record<string, string[]> = {};
    const readMap: Record<string, number> = {};
    let hasMore = false;
    for (const cursor of cursors) {
      const entry = entryByChat.get(cursor.chatId);
      if (!entry || cursor.chatId in messagesMap) continue;
      readMap[cursor.chatId] = readByOthers(readMarksOf([entry.me, ...entry.others]), userId);
      if (cursor.afterRevision !== undefined) {
        const changes = await this.changesSince(entry, cursor, cursor.afterRevision, limit);
        changesMap[cursor.chatId] = changes.changes;
        hasMore ||= changes.hasMore;
        // Hides are the viewer's own and take no revision: the held range's are all told.
        hiddenMap[cursor.chatId] = await this.options.extras.hiddenInRange(
          userId,
          cursor.chatId,
          cursor.fromSeq ?? 0,
          cursor.afterSeq,
        );
      }
      if (entry.chat.last_seq <= cursor.afterSeq) {
        messagesMap[cursor.chatId] = [];
        continue;
      }
      const page = await this.messages.after(cursor.chatId, cursor.afterSeq, limit);
      messagesMap[cursor.chatId] = await this.viewsFor(page.messages, entry);
      hasMore ||= page.hasMore;
    }
    return { messagesMap, changesMap, hiddenMap, readMap, hasMore };
  }

  private async changesSince(
    entry: ChatForViewer,
    cursor: SyncCursor,
    afterRevision: number,
    limit: number,
  ): Promise<{ changes: SyncChanges; hasMore: boolean }> {
    const lastRevision = Number(entry.chat.last_revision);
    if (lastRevision <= afterRevision) {
      return { changes: { messages: [], revision: lastRevision }, hasMore: false };
    }
    const page = await this.messages.changedAfter(entry.chat.id, {
      fromSeq: cursor.fromSeq ?? 0,
      toSeq: cursor.afterSeq,
      afterRevision,
      limit,
    });
    // Cut short: the next ask starts after the last change answered, not at the chat's last.
    const revision = page.hasMore ? Number(page.messages.at(-1)!.revision) : lastRevision;
    return {
      changes: { messages: await this.viewsFor(page.messages, entry), revision },
      hasMore: page.hasMore,
    };
  }

  private async markRead(
    user: SessionUser,
    entry: ChatForViewer,
    seq: number,
  ): Promise<{ chatId: string; unread: number; lastReadSeq: number }> {
    const chatId = entry.chat.id;
    if (!isChatWritable(entry)) return this.countOwnUnread(user, entry, seq);
    const { lastReadSeq, unread } = await this.options.transact(async ({ messages, chats }) => {
      // The mark first: it locks the row, so a send's unread increment waits for this count.
      const mark = await chats.advanceReadMark(chatId, user.id, seq);
      const left = await messages.countUnread(chatId, user.id, mark);
      await chats.updateParticipant(chatId, user.id, { unread: left });
      return { lastReadSeq: mark, unread: left };
    });
    if (lastReadSeq > entry.me.last_read_seq) {
      const participantIds = [user.id, ...entry.others.map((o) => o.user_id)];
      this.options.notify.read(participantIds, chatId, user.id, lastReadSeq);
    }
    await this.options.chats.changed(user.id, chatId);
    return { chatId, unread, lastReadSeq };
  }

  /**
   * A read mark in a read-only chat: the reader's unread count follows it, but their mark does
   * not move, so nothing of their reading reaches the other side (now or in a later sync).
   */
  private async countOwnUnread(
    user: SessionUser,
    entry: ChatForViewer,
    seq: number,
  ): Promise<{ chatId: string; unread: number; lastReadSeq: number }> {
    const chatId = entry.chat.id;
    const unread = await this.options.transact(async ({ messages, chats }) => {
      const left = await messages.countUnread(
        chatId,
        user.id,
        Math.max(seq, entry.me.last_read_seq),
      );
      await chats.updateParticipant(chatId, user.id, { unread: left });
      return left;
    });
    await this.options.chats.changed(user.id, chatId);
    return { chatId, unread, lastReadSeq: entry.me.last_read_seq };
  }

  /** A retry: the message first stored with this clientId, if it went to the same chat. */
  private original(original: MessageView, entry: SendAccess, viewerId: string): SocialMessage {
    if (original.chat_id !== entry.chat.id) {
      throw conflict('This clientId was already used for a message in another chat', {
        clientId: 'Use a new clientId for each message',
      });
    }
    return toSocialMessage(original, viewerId, readMarksOf([entry.me, ...entry.others]));
  }

  private async attachmentFor(input: SendInput) {
    if (input.contentType !== 'image' && input.contentType !== 'file') {
      if (input.fileId !== undefined) {
        throw badRequest('A text message carries no file; send it as image or file', {
          fileId: 'Only image and file messages carry a file',
        });
      }
      return null;
    }
    if (input.fileId === undefined) {
      throw badRequest(`An ${input.contentType} message needs the fileId of an uploaded file`, {
        fileId: 'Upload the file to this chat first',
      });
    }
    // An image message takes only an image; a refused one leaves the file as it was.
    const attachment = await this.options.attachments.findForChat(
      input.fileId,
      input.chatId,
      input.contentType,
    );
    if (!attachment) {
      throw badRequest('Upload the file to this chat first', {
        fileId: 'Upload the file to this chat first',
      });
    }
    return attachment;
  }

  private async messageOf(chatId: string, messageId: string): Promise<MessageView> {
    const message = await this.messages.findInChat(chatId, messageId);
    if (!message) throw notFound(noSuchMessage);
    return message;
  }

  private async ownMessage(
    user: SessionUser,
    chatId: string,
    messageId: string,
    action: 'edit' | 'delete',
  ): Promise<MessageView> {
    const message = await this.messageOf(chatId, messageId);
    if (message.sender_id !== user.id) {
      throw forbidden(`Only the sender can ${action} a message`);
    }
    return message;
  }

  private async viewsFor(
    views: readonly MessageView[],
    entry: ChatForViewer,
  ): Promise<SocialMessage[]> {
    const marks = readMarksOf([entry.me, ...entry.others]);
    const extras = await this.options.extras.extrasFor(entry.me.user_id, views);
    return views.map((view) => toSocialMessage(view, entry.me.user_id, marks, extras.get(view.id)));
  }

  /**
   * An edit or a deletion, to every participant, with the message's reactions. Whether each
   * viewer hid it is not told here: a hide is final, and the tabs keep it.
   */
  private async announceUpdate(view: MessageView, entry: ChatForViewer): Promise<SocialMessage> {
    const marks = readMarksOf([entry.me, ...entry.others]);
    const participantIds = [entry.me.user_id, ...entry.others.map((o) => o.user_id)];
    const extras = { reactions: await this.options.extras.reactionsOf(view.id), hidden: false };
    this.options.notify.updated(participantIds, (viewerId) =>
      toSocialMessage(view, viewerId, marks, extras),
    );
    return toSocialMessage(view, entry.me.user_id, marks, extras);
  }

  /** The message a send answers: one of the same chat (deleted ones too), else 400. */
  private async quotedFor(input: SendInput): Promise<MessageView | null> {
    if (input.replyToId === undefined) return null;
    const quoted = await this.messages.findInChat(input.chatId, input.replyToId);
    if (!quoted) {
      throw badRequest('The message replied to is not in this chat', {
        replyToId: 'Reply to a message of this chat',
      });
    }
    return quoted;
  }
}
