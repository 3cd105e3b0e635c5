import type { SessionUser } from '@confab/protocol/auth';
import type { TypingPayload } from '@confab/protocol/social-chat';
import type { TypingEntry, TypingStore } from '../realtime/typing-store';
import type { RealtimeHub } from '../realtime/realtime-hub';
import type { ChatMembership } from './files.service';

interface TypingServiceOptions {
  store: TypingStore;
  chats: ChatMembership;
  realtime: RealtimeHub;
}

/**
 * Typing indicators. Only a chat's participants may announce typing, and only in a writable chat; the announcement goes to
 * the sockets that joined the chat, never to the typist's own tabs. An indicator ends when the
 * typist says so, sends a message, disconnects, or after `typingExpiryMs` without a renewal;
 * each end is announced as `isTyping: false`.
 */
export class TypingService {
  constructor(private readonly options: TypingServiceOptions) {
    options.store.onExpire((entry) => this.announce(entry, false));
  }

  async typing(user: SessionUser, socketId: string, payload: TypingPayload): Promise<void> {
    // Like any write into the chat: 404 unless a participant, 403 unless it is writable.
    await this.options.chats.writeAccess(user.id, payload.chatId);
    if (payload.isTyping) {
      const entry = { chatId: payload.chatId, userId: user.id, username: user.username, socketId };
      // A new indicator is passed on at once; renewals at most once a second (the store
      // decides, for every node), so a tab that joined the chat meanwhile shows it too while
      // a client repeating the event cannot make the server relay each repetition.
      if (await this.options.store.start(entry)) this.announce(entry, true);
    } else {
      await this.stop(payload.chatId, user.id);
    }
  }

  /** The user sent a message to the chat: they are no longer typing. */
  async stop(chatId: string, userId: string): Promise<void> {
    const entry = await this.options.store.stop(chatId, userId);
    if (entry) this.announce(entry, false);
  }

  async socketDisconnected(socketId: string): Promise<void> {
    for (const entry of await this.options.store.stopSocket(socketId)) this.announce(entry, false);
  }

  close(): void {
    this.options.store.close();
  }

  private announce(entry: TypingEntry, isTyping: boolean): void {
    this.options.realtime.toChatExceptUser(entry.chatId, entry.userId, 'typing', {
      chatId: entry.chatId,
      userId: entry.userId,
      username: entry.username,
      isTyping,
    });
  }
}
