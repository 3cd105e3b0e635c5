import type { ContactChange } from '@confab/protocol/contacts';
import type { PrivateChat } from '../repositories/chat.repository';
import type { FriendRequestView } from '../repositories/friend-request.repository';
import type { RealtimeHub } from '../realtime/realtime-hub';
import { toContact, toFriendChat } from './contact-views';

const otherParty = (view: FriendRequestView, userId: string) =>
  view.sender_id === userId ? view.receiver_id : view.sender_id;

/**
 * What each party of a request is told over the socket, and in what words. Each gets the
 * request as they see it. A blocked user is told "removed" on a block and, on an unblock, that
 * the request is back as it was; never that a block happened.
 */
export class ContactNotifications {
  constructor(private readonly realtime: RealtimeHub) {}

  /** A new (or reopened, or re-announced) request: the receiver's tabs, and the sender's. */
  requested(view: FriendRequestView, options: { toSender: boolean } = { toSender: true }): void {
    this.realtime.toUser(view.receiver_id, 'newFriendMessage', {
      contact: toContact(view, view.receiver_id),
    });
    if (!options.toSender) return;
    this.realtime.toUser(view.sender_id, 'contactUpdated', {
      change: 'requested',
      contactId: view.id,
      contact: toContact(view, view.sender_id),
    });
  }

  /** Both parties learn the same change (accept, reject). */
  changed(view: FriendRequestView, change: ContactChange): void {
    for (const userId of [view.sender_id, view.receiver_id]) {
      this.send(userId, view, change);
    }
  }

  removed(contactId: string, parties: string[]): void {
    for (const userId of parties) {
      this.realtime.toUser(userId, 'contactUpdated', {
        change: 'removed',
        contactId,
        contact: null,
      });
    }
  }

  blocked(view: FriendRequestView, blockerId: string): void {
    this.send(blockerId, view, 'blocked');
    this.removed(view.id, [otherParty(view, blockerId)]);
  }

  /**
   * The blocker learns of the unblock; the other party sees the request come back as it was
   * before the block (as a new request to its receiver, when it is pending).
   */
  unblocked(view: FriendRequestView, blockerId: string): void {
    this.send(blockerId, view, 'unblocked');
    const other = otherParty(view, blockerId);
    if (view.status === 'pending' && other === view.receiver_id) {
      this.realtime.toUser(other, 'newFriendMessage', { contact: toContact(view, other) });
      return;
    }
    const change = view.status === 'pending' ? 'requested' : view.status;
    if (change !== 'blocked') this.send(other, view, change);
  }

  /** Both parties' chat lists gain the pair's chat. */
  chat(view: FriendRequestView, chat: PrivateChat): void {
    for (const userId of [view.sender_id, view.receiver_id]) {
      this.realtime.toUser(userId, 'newFriendChat', {
        chat: toFriendChat(chat),
        contactId: view.id,
      });
    }
  }

  private send(userId: string, view: FriendRequestView, change: ContactChange): void {
    this.realtime.toUser(userId, 'contactUpdated', {
      change,
      contactId: view.id,
      contact: toContact(view, userId),
    });
  }
}
