import type {
  MessageHidden,
  ReactionsChange,
  SocialChat,
  SocialMessage,
} from '@confab/protocol/social-chat';
import type { RealtimeHub } from '../realtime/realtime-hub';

/** A message as each participant sees it (`isRead` depends on the viewer). */
export type MessageFor = (viewerId: string) => SocialMessage;

/**
 * What each participant of a chat is told over the socket. Everything goes through the
 * RealtimeHub to the `user:{id}` room, so every tab and device of a participant hears it.
 */
export class MessageNotifications {
  constructor(private readonly realtime: RealtimeHub) {}

  /**
   * A new message: `new_message` with the receiver's unread count to each receiver (their one
   * event for it), and `newChatMessage` to the sender's other tabs. The socket it was sent
   * through, if any, has it in its acknowledgement and is left out. `unreadByReceiver` holds
   * every participant but the sender (the store counts the message for each of them).
   */
  sent(
    participantIds: readonly string[],
    messageFor: MessageFor,
    unreadByReceiver: ReadonlyMap<string, number>,
    sendingSocketId?: string,
  ): void {
    for (const userId of participantIds) {
      const message = messageFor(userId);
      const unread = unreadByReceiver.get(userId);
      if (unread !== undefined) {
        this.realtime.toUser(userId, 'new_message', { chatId: message.chatId, unread, message });
      } else if (sendingSocketId !== undefined) {
        this.realtime.toUserExceptSocket(userId, sendingSocketId, 'newChatMessage', { message });
      } else {
        this.realtime.toUser(userId, 'newChatMessage', { message });
      }
    }
  }

  /** An edit or a deletion, to every participant. */
  updated(participantIds: readonly string[], messageFor: MessageFor): void {
    for (const userId of participantIds) {
      this.realtime.toUser(userId, 'messageUpdated', { message: messageFor(userId) });
    }
  }

  /** A message's reactions changed: every participant's tabs. */
  reactions(participantIds: readonly string[], change: ReactionsChange): void {
    for (const userId of participantIds) this.realtime.toUser(userId, 'reactionsUpdated', change);
  }

  /** The user hid a message for themselves: their own tabs only. */
  hidden(userId: string, hidden: MessageHidden): void {
    this.realtime.toUser(userId, 'messageHidden', hidden);
  }

  /** `readerId` read up to `lastReadSeq`: the others learn it (their messages show as read). */
  read(
    participantIds: readonly string[],
    chatId: string,
    readerId: string,
    lastReadSeq: number,
  ): void {
    for (const userId of participantIds) {
      if (userId === readerId) continue;
      this.realtime.toUser(userId, 'messagesRead', { chatId, userId: readerId, lastReadSeq });
    }
  }

  /** The viewer's own view of a chat changed (read marks, toggles, nickname): all their tabs. */
  chatUpdated(viewerId: string, chat: SocialChat): void {
    this.realtime.toUser(viewerId, 'chatUpdated', { chat });
  }
}
