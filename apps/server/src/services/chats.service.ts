import type { SessionUser } from '@confab/protocol/auth';
import type { ChatToggle, ChatUnread, SocialChat } from '@confab/protocol/social-chat';
import { badRequest, notFound } from '../lib/app-error';
import { aiConsentOfBoth } from './ai-consent';
import type { ChatForViewer, ChatRepository } from '../repositories/chat.repository';
import type { FriendRequestRepository } from '../repositories/friend-request.repository';
import type { HiddenMessageRepository } from '../repositories/hidden-message.repository';
import type { MessageRepository, MessageView } from '../repositories/message.repository';
import type { ContactsService } from './contacts.service';
import type { MessageNotifications } from './message-notifications';
import { isChatWritable, refuseUnlessWritable, toSocialChat } from './social-chat-views';

/** Who is connected, for the chat list's online dot (the presence feature may provide it). */
export interface PresenceReader {
  onlineAmong(userIds: readonly string[]): Promise<Set<string>>;
}

interface ChatsServiceOptions {
  chats: ChatRepository;
  messages: MessageRepository;
  /** What each user deleted for themselves: a chat's preview is the latest they kept. */
  hiddenMessages: HiddenMessageRepository;
  friendRequests: FriendRequestRepository;
  contacts: ContactsService;
  presence: PresenceReader;
  notify: MessageNotifications;
}

// One text for "no such chat" and "not yours", so an id reveals nothing.
export const noSuchChat = 'No such chat';

const toggleColumn = {
  archive: 'archived',
  mute: 'muted',
} as const satisfies Record<Exclude<ChatToggle, 'pin' | 'block'>, string>;

/**
 * One-to-one chats as each participant sees them (docs/product.md#chat-toggles): the list, the
 * viewer's own state (nickname, pinned with its order, archived, muted, blocked, deleted) and
 * the rooms a socket may join. Every method checks that the user takes part in the chat
 * first; any other chat id is "No such chat" (404).
 *
 * - list: the viewer's chats except those they deleted; pinned first (the latest pinned on
 *   top), then by last activity.
 * - pin: the pinned order is the number of pinned chats once this one is pinned; unpin clears it.
 * - block: blocks the other participant as a contact too (a removed one included), and stops
 *   every write into the chat either way; unblocking lifts the viewer's own block, giving the
 *   pair back what they had before it (see ContactsService).
 * - writes (messages, edits, deletions, typing, uploads, joining the chat's room) go through
 *   `writeAccess`: only into a chat that is writable (see isChatWritable).
 * - delete: hides the chat for the viewer only; a new message brings it back.
 */
export class ChatsService {
  constructor(private readonly options: ChatsServiceOptions) {}

  /** Every chat the user takes part in, deleted ones included (for socket rooms and sync). */
  async chatIdsOf(userId: string): Promise<string[]> {
    const rooms = await this.options.chats.roomsOf(userId);
    return rooms.map((room) => room.chat_id);
  }

  async isParticipant(userId: string, chatId: string): Promise<boolean> {
    return (await this.options.chats.findParticipant(chatId, userId)) !== undefined;
  }

  /** The chat as the user sees it; 404 unless they take part in it. */
  async access(userId: string, chatId: string): Promise<ChatForViewer> {
    const [entry] = await this.options.chats.chatsOf(userId, { chatId, includeHidden: true });
    if (!entry) throw notFound(noSuchChat);
    return entry;
  }

  /**
   * The one guard of every write into a chat: the chat as the user sees it, 404 unless they
   * take part in it, 403 unless it is writable (a block either way, or no longer contacts).
   */
  async writeAccess(userId: string, chatId: string): Promise<ChatForViewer> {
    const entry = await this.access(userId, chatId);
    refuseUnlessWritable(entry);
    return entry;
  }

  /** The user's chats that are writable now (whose room a socket may join, for typing). */
  async writableChatIdsOf(userId: string): Promise<string[]> {
    const entries = await this.options.chats.chatsOf(userId, { includeHidden: true });
    return entries.filter(isChatWritable).map((entry) => entry.chat.id);
  }

  /** Several chats as the user sees them, in the order asked; 404 if any is not theirs. */
  async accessAll(userId: string, chatIds: readonly string[]): Promise<ChatForViewer[]> {
    if (chatIds.length === 1) return [await this.access(userId, chatIds[0]!)];
    const entries = await this.options.chats.chatsOf(userId, { includeHidden: true });
    const byId = new Map(entries.map((entry) => [entry.chat.id, entry]));
    return chatIds.map((chatId) => {
      const entry = byId.get(chatId);
      if (!entry) throw notFound(noSuchChat);
      return entry;
    });
  }

  async rooms(user: SessionUser): Promise<{ chatId: string; lastSeq: number }[]> {
    const rooms = await this.options.chats.roomsOf(user.id);
    return rooms.map((room) => ({ chatId: room.chat_id, lastSeq: room.last_seq }));
  }

  async list(user: SessionUser): Promise<SocialChat[]> {
    const entries = await this.options.chats.chatsOf(user.id);
    const chats = await this.views(entries);
    return chats.sort(
      (a, b) =>
        (b.pinnedOrder ?? 0) - (a.pinnedOrder ?? 0) ||
        (b.lastTime ?? b.createdAt).localeCompare(a.lastTime ?? a.createdAt),
    );
  }

  /** What the notifications count from, for each chat of the list (docs/product.md#notifications). */
  async unread(user: SessionUser): Promise<ChatUnread[]> {
    const rows = await this.options.chats.unreadOf(user.id);
    return rows.map((row) => ({
      _id: row.chat_id,
      unread: row.unread,
      isMuted: row.muted === 1,
      nickname: row.nickname,
    }));
  }

  async get(user: SessionUser, chatId: string): Promise<SocialChat> {
    return this.viewOf(await this.access(user.id, chatId));
  }

  /** The one-to-one chat with an accepted contact, found or created, back in the list. */
  async create(user: SessionUser, participantId: string): Promise<SocialChat> {
    if (participantId === user.id) {
      throw badRequest('You cannot open a chat with yourself', {
        participantId: 'This is your own id',
      });
    }
    const request = await this.options.friendRequests.findByPair(user.id, participantId);
    if (request?.status !== 'accepted') {
      throw notFound('You can open a chat only with an accepted contact');
    }
    const { chatId } = await this.options.contacts.openChat(user, request.id);
    await this.options.chats.updateParticipant(chatId, user.id, { hidden: 0 });
    return this.changed(user.id, chatId);
  }

  async rename(user: SessionUser, chatId: string, nickname: string | null): Promise<SocialChat> {
    await this.access(user.id, chatId);
    await this.options.chats.updateParticipant(chatId, user.id, {
      nickname: nickname === '' ? null : nickname,
    });
    return this.changed(user.id, chatId);
  }

  async remove(user: SessionUser, chatId: string): Promise<{ chatId: string }> {
    await this.access(user.id, chatId);
    await this.options.chats.updateParticipant(chatId, user.id, { hidden: 1 });
    return { chatId };
  }

  async toggle(
    user: SessionUser,
    chatId: string,
    toggle: ChatToggle,
    value: boolean,
  ): Promise<SocialChat> {
    const { me, others } = await this.access(user.id, chatId);
    const chats = this.options.chats;
    if (toggle === 'block') {
      await chats.updateParticipant(chatId, user.id, { blocked: value ? 1 : 0 });
      // The contact block goes with it; the contacts service then tells the pair.
      for (const other of others) {
        if (value) await this.options.contacts.blockPeer(user, other.user_id, chatId);
        else await this.options.contacts.unblockPeer(user, other.user_id, chatId);
      }
      return this.viewOf(await this.access(user.id, chatId));
    }
    if (toggle === 'pin') {
      if (value && me.pinned !== 1) {
        const pinnedOrder = (await chats.countPinned(user.id)) + 1;
        await chats.updateParticipant(chatId, user.id, { pinned: 1, pinned_order: pinnedOrder });
      } else if (!value) {
        await chats.updateParticipant(chatId, user.id, { pinned: 0, pinned_order: null });
      }
    } else {
      await chats.updateParticipant(chatId, user.id, { [toggleColumn[toggle]]: value ? 1 : 0 });
    }
    return this.changed(user.id, chatId);
  }

  /**
   * What the pair may do in their chat changed: each is shown the chat as it now is. Whether
   * it is writable now is returned.
   */
  async pairChanged(
    userIds: readonly string[],
    chatId: string,
  ): Promise<{ writable: boolean; aiWasOn: boolean }> {
    const entries = [];
    for (const userId of userIds) entries.push(await this.access(userId, chatId));
    const writable = entries.every(isChatWritable);
    const aiWasOn = entries.length > 0 && entries.every((entry) => aiConsentOfBoth(entry));
    // A block or a removal ends both people's "AI in this chat": consent given to a friend is
    // not carried over an unblock or a new friendship; it starts again from off.
    if (!writable && entries.some((entry) => entry.me.ai_enabled)) {
      for (const userId of userIds) {
        await this.options.chats.updateParticipant(chatId, userId, { ai_enabled: 0 });
      }
      entries.splice(0, entries.length);
      for (const userId of userIds) entries.push(await this.access(userId, chatId));
    }
    for (const entry of entries) {
      this.options.notify.chatUpdated(entry.me.user_id, await this.viewOf(entry));
    }
    return { writable, aiWasOn };
  }

  /** Tells every tab of the viewer how the chat looks now, and returns it. */
  async changed(userId: string, chatId: string): Promise<SocialChat> {
    const chat = await this.viewOf(await this.access(userId, chatId));
    this.options.notify.chatUpdated(userId, chat);
    return chat;
  }

  private async viewOf(entry: ChatForViewer): Promise<SocialChat> {
    const [chat] = await this.views([entry]);
    if (!chat) throw notFound(noSuchChat);
    return chat;
  }

  /** Views of one viewer's chats (one of them, or all). */
  private async views(entries: ChatForViewer[]): Promise<SocialChat[]> {
    const [first] = entries;
    if (!first) return [];
    const scope = entries.length === 1 ? { chatId: first.chat.id } : { userId: first.me.user_id };
    const [latest, online] = await Promise.all([
      first.chat.last_seq > 0 || entries.length > 1
        ? this.options.messages.latestIn(scope)
        : Promise.resolve([]),
      this.options.presence.onlineAmong([
        ...new Set(entries.flatMap((entry) => entry.others.map((o) => o.user_id))),
      ]),
    ]);
    const visible = await this.keptByViewer(first.me.user_id, latest);
    const latestByChat = new Map(visible.map((message) => [message.chat_id, message]));
    return entries.map((entry) => toSocialChat(entry, latestByChat.get(entry.chat.id), online));
  }

  /**
   * The chats' latest messages as the viewer keeps them: one they deleted for themselves gives
   * way to the latest before it they kept (rare, so looked up one chat at a time).
   */
  private async keptByViewer(viewerId: string, latest: MessageView[]): Promise<MessageView[]> {
    const hidden = await this.options.hiddenMessages.amongMessages(
      viewerId,
      latest.map((message) => message.id),
    );
    if (hidden.size === 0) return latest;
    const kept = await Promise.all(
      latest.map((message) =>
        hidden.has(message.id)
          ? this.options.messages.latestVisibleBefore(message.chat_id, viewerId, message.seq)
          : Promise.resolve(message),
      ),
    );
    return kept.filter((message): message is MessageView => message !== undefined);
  }
}
