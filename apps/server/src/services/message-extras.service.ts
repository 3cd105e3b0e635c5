import type { SessionUser } from '@confab/protocol/auth';
import { reactionLimits, type Reaction } from '@confab/protocol/reactions';
import type { MessageHidden, ReactionsChange } from '@confab/protocol/social-chat';
import type { Transact } from '../db/transaction';
import { badRequest, conflict, notFound } from '../lib/app-error';
import { takeAttempt, type AttemptLimiter } from '../lib/attempt-limiter';
import type { HiddenMessageRepository } from '../repositories/hidden-message.repository';
import type { MessageRepository, MessageView } from '../repositories/message.repository';
import type { ReactionRepository, ReactionRow } from '../repositories/reaction.repository';
import type { ChatsService } from './chats.service';
import type { MessageNotifications } from './message-notifications';
import type { MessageExtras } from './social-chat-views';

export interface MessageExtrasStore {
  messages: MessageRepository;
  reactions: ReactionRepository;
  hidden: HiddenMessageRepository;
}

interface MessageExtrasOptions {
  store: MessageExtrasStore;
  transact: Transact<MessageExtrasStore>;
  chats: ChatsService;
  /** The same allowance as sends: every reaction is told to the other side, like a message. */
  allowance: AttemptLimiter;
  notify: MessageNotifications;
  now?: () => number;
}

/** Reactions grouped by emoji, in the order each emoji was first put. */
export function groupReactions(rows: readonly ReactionRow[]): Reaction[] {
  const byEmoji = new Map<string, Reaction>();
  for (const row of rows) {
    const reaction = byEmoji.get(row.emoji) ?? { emoji: row.emoji, users: [] };
    reaction.users.push({ id: row.user_id, username: row.username });
    byEmoji.set(row.emoji, reaction);
  }
  return [...byEmoji.values()];
}

/**
 * Reactions and messages deleted for one user (docs/product.md#message-extras).
 *
 * - Only participants react or hide; any other chat is "No such chat" (404), a message of
 *   another chat "No such message in this chat" (404).
 * - Reactions are writes into the chat: refused (403) in a read-only chat, as sends are, and
 *   taken from the sender's allowance. A deleted message takes none (409). A user puts at most
 *   `reactionLimits.perUserPerMessage` distinct emoji on one message (400).
 * - A reaction takes the chat's next revision for its message, so a tab that was away gets the
 *   message with its reactions in its `sync` changes.
 * - Hiding is the viewer's own: allowed in a read-only chat too, told to their tabs only.
 */
export class MessageExtrasService {
  private readonly now: () => number;

  constructor(private readonly options: MessageExtrasOptions) {
    this.now = options.now ?? Date.now;
  }

  /** What `viewerId` sees beside each of these messages. */
  async extrasFor(
    viewerId: string,
    views: readonly MessageView[],
  ): Promise<Map<string, MessageExtras>> {
    const ids = views.map((view) => view.id);
    const [rows, hidden] = await Promise.all([
      this.options.store.reactions.ofMessages(ids),
      this.options.store.hidden.amongMessages(viewerId, ids),
    ]);
    const rowsByMessage = new Map<string, ReactionRow[]>();
    for (const row of rows) {
      const list = rowsByMessage.get(row.message_id) ?? [];
      list.push(row);
      rowsByMessage.set(row.message_id, list);
    }
    return new Map(
      ids.map((id) => [
        id,
        { reactions: groupReactions(rowsByMessage.get(id) ?? []), hidden: hidden.has(id) },
      ]),
    );
  }

  /** The reactions of one message as everyone sees them. */
  async reactionsOf(messageId: string): Promise<Reaction[]> {
    return groupReactions(await this.options.store.reactions.ofMessages([messageId]));
  }

  /** The messages numbered fromSeq to toSeq of a chat that the user hid. */
  hiddenInRange(userId: string, chatId: string, fromSeq: number, toSeq: number) {
    return this.options.store.hidden.inRange(userId, chatId, fromSeq, toSeq);
  }

  async react(
    user: SessionUser,
    chatId: string,
    messageId: string,
    emoji: string,
    value: boolean,
  ): Promise<ReactionsChange> {
    await takeAttempt(this.options.allowance, user.id);
    const entry = await this.options.chats.writeAccess(user.id, chatId);
    const message = await this.messageOf(chatId, messageId);
    if (message.deleted === 1) throw conflict('This message was deleted and takes no reactions');
    const changed = await this.options.transact(async ({ messages, reactions }) => {
      if (value) {
        const own = await reactions.emojiOf(messageId, user.id);
        if (own.includes(emoji)) return false;
        if (own.length >= reactionLimits.perUserPerMessage) {
          throw badRequest(
            `At most ${reactionLimits.perUserPerMessage} reactions per message: take one back first`,
            { emoji: 'Take one of your reactions back first' },
          );
        }
        await reactions.add({
          message_id: messageId,
          chat_id: chatId,
          user_id: user.id,
          emoji,
          created_at: this.now(),
        });
      } else if (!(await reactions.remove(messageId, user.id, emoji))) {
        return false;
      }
      const revision = await messages.nextRevision(chatId);
      await messages.update(messageId, { revision });
      return true;
    });
    const change = { chatId, messageId, reactions: await this.reactionsOf(messageId) };
    if (changed) {
      const participantIds = [entry.me.user_id, ...entry.others.map((o) => o.user_id)];
      this.options.notify.reactions(participantIds, change);
    }
    return change;
  }

  async hide(user: SessionUser, chatId: string, messageId: string): Promise<MessageHidden> {
    await this.options.chats.access(user.id, chatId);
    const message = await this.messageOf(chatId, messageId);
    await this.options.transact(({ hidden }) =>
      hidden.add({
        user_id: user.id,
        message_id: messageId,
        chat_id: chatId,
        seq: message.seq,
        created_at: this.now(),
      }),
    );
    const hidden = { chatId, messageId };
    this.options.notify.hidden(user.id, hidden);
    return hidden;
  }

  private async messageOf(chatId: string, messageId: string): Promise<MessageView> {
    const message = await this.options.store.messages.findInChat(chatId, messageId);
    if (!message) throw notFound('No such message in this chat');
    return message;
  }
}
