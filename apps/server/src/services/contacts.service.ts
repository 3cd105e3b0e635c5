import type { SessionUser } from '@confab/protocol/auth';
import type {
  Contact,
  ContactListQuery,
  ContactStatus,
  FriendRequestMessagePayload,
} from '@confab/protocol/contacts';
import { badRequest, conflict, forbidden, notFound } from '../lib/app-error';
import { newId } from '../lib/ids';
import { isUniqueViolation } from '../db/errors';
import type { ChatRepository } from '../repositories/chat.repository';
import type {
  FriendRequestRepository,
  FriendRequestView,
} from '../repositories/friend-request.repository';
import type { Transact } from '../db/transaction';
import type { UserRepository } from '../repositories/user.repository';
import type { RealtimeHub } from '../realtime/realtime-hub';
import { ContactNotifications } from './contact-notifications';
import { toContact } from './contact-views';

export interface ContactsStore {
  friendRequests: FriendRequestRepository;
  chats: ChatRepository;
}

/**
 * Told when what a pair may do in their chat may have changed (accepted, removed, blocked,
 * unblocked): the chats feature shows each party the chat as it now is, closes or reopens its
 * room, and hides or shows presence. The change's request answers once each listener has
 * settled (a listener never rejects), so a tab opened after the answer hears nothing older.
 */
export type PairChangeListener = (userIds: [string, string], chatId: string) => Promise<void>;

interface ContactsServiceOptions {
  users: UserRepository;
  store: ContactsStore;
  transact: Transact<ContactsStore>;
  realtime: RealtimeHub;
  now?: () => number;
}

// One text for "no such user" and "this user blocked you", so a request reveals neither.
const cannotReceive = 'No user with this username or e-mail can receive your friend request';
// One text for "no such id", "not yours" and "blocked by the other party".
const noSuchRequest = 'No such friend request';
const changedMeanwhile = 'This friend request has just changed; refresh your list';

/**
 * Friend requests (docs/product.md#friend-requests). One request per pair of users.
 *
 * - add: to a user found by username or e-mail (case-insensitive); not oneself. With no request
 *   between the pair, a pending one is created; a pending one FROM that user is accepted. A rejected request may be sent again by either
 *   party: the row is reused, turned around if needed, and pending again. Pending, accepted and
 *   blocked ones are refused (409), except that a user who was blocked gets the same answer as
 *   for an unknown name (404), so a block is never revealed. A request sent to an e-mail shows
 *   its sender the address, not the username, until it is accepted.
 * - accept / reject: only the receiver, only while pending. Accepting finds or creates the
 *   pair's private chat (a removed and re-added friend gets the same chat back).
 * - remove: either party, deletes the request (a pending one is thereby withdrawn or dismissed).
 *   A blocked request must be unblocked first, so removing never lifts a block. The pair's chat
 *   stays, readable and read-only, until they are friends again.
 * - block: either party, from any other status, or with no request at all (a removed contact,
 *   blocked from the chat). The blocked party no longer sees the request (its list and its
 *   events say "removed"); every action of theirs on it answers 404.
 * - unblock: only the user who blocked. It gives back exactly what the pair had before the block:
 *   a pending request pending (still for its receiver alone to accept), a rejected one
 *   rejected, an accepted one accepted; a block made with no request, or stored before this rule
 *   (its earlier state unknown), leaves no request. An unblock never makes friends of a pair.
 *
 * Every method checks access first: a request is visible only to its two parties, minus the
 * blocked party of a blocked request; anything else is "No such friend request" (404).
 */
export class ContactsService {
  private readonly now: () => number;
  private readonly notify: ContactNotifications;
  private pairListeners: PairChangeListener[] = [];

  constructor(private readonly options: ContactsServiceOptions) {
    this.now = options.now ?? Date.now;
    this.notify = new ContactNotifications(options.realtime);
  }

  private get requests() {
    return this.options.store.friendRequests;
  }

  /** Subscribes to changes of what a pair may do in their chat (see PairChangeListener). */
  onPairChanged(listener: PairChangeListener): void {
    this.pairListeners.push(listener);
  }

  private async pairChanged(
    pair: { sender_id: string; receiver_id: string; chat_id?: string | null },
    chatId = pair.chat_id,
  ): Promise<void> {
    if (chatId === null || chatId === undefined) return;
    await Promise.all(
      this.pairListeners.map((listener) => listener([pair.sender_id, pair.receiver_id], chatId)),
    );
  }

  /** The requests the user takes part in; with `waiting: 'incoming'`, those they have to answer. */
  async list(user: SessionUser, { waiting }: ContactListQuery = {}): Promise<Contact[]> {
    const views = await this.requests.listVisibleTo(user.id);
    const contacts = views.map((view) => toContact(view, user.id));
    return waiting === 'incoming'
      ? contacts.filter(
          (contact) => contact.status === 'pending' && contact.direction === 'incoming',
        )
      : contacts;
  }

  async add(user: SessionUser, receiverName: string, retried = false): Promise<Contact> {
    const receiver = await this.options.users.findByLogin(receiverName);
    if (!receiver) throw notFound(cannotReceive).because('CONTACT_UNKNOWN');
    if (receiver.id === user.id) {
      throw badRequest('You cannot send a friend request to yourself', {
        receiverName: 'This is your own account',
      }).because('CONTACT_SELF');
    }
    const existing = await this.requests.findByPair(user.id, receiver.id);
    // They asked first: adding them back answers their request.
    if (existing?.status === 'pending' && existing.receiver_id === user.id) {
      return this.accept(user, existing.id);
    }
    const now = this.now();
    // Typed as the receiver's e-mail: the sender is shown that, not who it belongs to.
    const addressedAs = receiverName.includes('@') ? receiverName.trim() : null;
    let id: string;
    if (!existing) {
      id = newId();
      try {
        await this.requests.create({
          id,
          senderId: user.id,
          receiverId: receiver.id,
          addressedAs,
          now,
        });
      } catch (error) {
        // The other user sent theirs at the same moment: answer as if theirs came first.
        if (isUniqueViolation(error) && !retried) return this.add(user, receiverName, true);
        throw error;
      }
    } else {
      refuseRepeatedRequest(existing, user.id);
      const reopened = await this.requests.updateIfStatus(existing.id, 'rejected', {
        sender_id: user.id,
        receiver_id: receiver.id,
        status: 'pending',
        blocked_by: null,
        addressed_as: addressedAs,
        created_at: now,
        updated_at: now,
      });
      if (!reopened) throw conflict(changedMeanwhile);
      id = existing.id;
    }
    const view = await this.load(id);
    this.notify.requested(view);
    return toContact(view, user.id);
  }

  async accept(user: SessionUser, contactId: string): Promise<Contact> {
    const request = await this.pendingAddressedTo(user, contactId, 'accept');
    const chat = await this.options.transact(async ({ friendRequests, chats }) => {
      const now = this.now();
      const accepted = await friendRequests.updateIfStatus(contactId, 'pending', {
        status: 'accepted',
        addressed_as: null,
        updated_at: now,
      });
      if (!accepted) throw conflict(changedMeanwhile);
      return chats.findOrCreatePrivate(request.sender_id, request.receiver_id, newId(), now);
    });
    const view = await this.load(contactId);
    this.notify.changed(view, 'accepted');
    this.notify.chat(view, chat);
    await this.pairChanged(view, chat.chat.id);
    return toContact(view, user.id);
  }

  async reject(user: SessionUser, contactId: string): Promise<Contact> {
    await this.pendingAddressedTo(user, contactId, 'reject');
    const rejected = await this.requests.updateIfStatus(contactId, 'pending', {
      status: 'rejected',
      updated_at: this.now(),
    });
    if (!rejected) throw conflict(changedMeanwhile);
    const view = await this.load(contactId);
    this.notify.changed(view, 'rejected');
    return toContact(view, user.id);
  }

  async remove(user: SessionUser, contactId: string): Promise<{ contactId: string }> {
    const request = await this.visibleRequest(user, contactId);
    if (request.status === 'blocked') throw conflict('Unblock this contact before removing it');
    const removed = await this.requests.deleteIfStatus(contactId, request.status);
    if (!removed) throw conflict(changedMeanwhile);
    this.notify.removed(contactId, [request.sender_id, request.receiver_id]);
    await this.pairChanged(request);
    return { contactId };
  }

  async block(user: SessionUser, contactId: string): Promise<Contact> {
    const view = await this.applyBlock(user, await this.visibleRequest(user, contactId));
    await this.pairChanged(view);
    return toContact(view, user.id);
  }

  async unblock(user: SessionUser, contactId: string): Promise<Contact | null> {
    const request = await this.visibleRequest(user, contactId);
    if (request.status !== 'blocked') throw conflict('This contact is not blocked');
    const view = await this.applyUnblock(user, request);
    await this.pairChanged(request);
    return view && toContact(view, user.id);
  }

  /**
   * The chat's own block toggle: blocks the other participant as a contact too, whatever the
   * pair's request (none after a removal). Nothing is recorded when the other side has
   * blocked the user already; their block stops everything anyway. The caller tells the pair.
   */
  async blockPeer(user: SessionUser, otherId: string, chatId: string): Promise<void> {
    await this.recordPeerBlock(user, otherId);
    await this.pairChanged({ sender_id: user.id, receiver_id: otherId }, chatId);
  }

  /** The chat's toggle turned off: lifts the user's own block of the other, if any. */
  async unblockPeer(user: SessionUser, otherId: string, chatId: string): Promise<void> {
    const request = await this.requests.findByPair(user.id, otherId);
    if (request?.status === 'blocked' && request.blocked_by === user.id) {
      await this.applyUnblock(user, request);
    }
    await this.pairChanged({ sender_id: user.id, receiver_id: otherId }, chatId);
  }

  private async recordPeerBlock(user: SessionUser, otherId: string): Promise<void> {
    const request = await this.requests.findByPair(user.id, otherId);
    if (request?.status === 'blocked') return;
    if (request) {
      await this.applyBlock(user, request);
      return;
    }
    const id = newId();
    try {
      await this.requests.create({
        id,
        senderId: user.id,
        receiverId: otherId,
        addressedAs: null,
        now: this.now(),
        blocked: { by: user.id, unblockTo: null },
      });
    } catch (error) {
      // A request or block of the other side came first: block that one.
      if (isUniqueViolation(error)) return this.recordPeerBlock(user, otherId);
      throw error;
    }
    this.notify.blocked(await this.load(id), user.id);
  }

  private async applyBlock(
    user: SessionUser,
    request: FriendRequestView,
  ): Promise<FriendRequestView> {
    if (request.status === 'blocked') throw conflict('This contact is already blocked');
    const blocked = await this.requests.updateIfStatus(request.id, request.status, {
      status: 'blocked',
      blocked_by: user.id,
      unblock_to: request.status,
      updated_at: this.now(),
    });
    if (!blocked) throw conflict(changedMeanwhile);
    const view = await this.load(request.id);
    this.notify.blocked(view, user.id);
    return view;
  }

  /** Gives back what the pair had before the block; null when that was no request at all. */
  private async applyUnblock(
    user: SessionUser,
    request: FriendRequestView,
  ): Promise<FriendRequestView | null> {
    const restored = request.unblock_to;
    const done = await this.options.transact(async ({ friendRequests, chats }) => {
      // The blocker's own block of the chat goes with it: one block, lifted in one place.
      if (request.chat_id !== null) {
        await chats.updateParticipant(request.chat_id, user.id, { blocked: 0 });
      }
      if (restored === null) return friendRequests.deleteIfStatus(request.id, 'blocked');
      return friendRequests.updateIfStatus(request.id, 'blocked', {
        status: restored,
        blocked_by: null,
        unblock_to: null,
        updated_at: this.now(),
      });
    });
    if (!done) throw conflict(changedMeanwhile);
    if (restored === null) {
      this.notify.removed(request.id, [user.id]);
      return null;
    }
    const view = await this.load(request.id);
    this.notify.unblocked(view, user.id);
    return view;
  }

  /** The one-to-one chat with an accepted contact, created if it does not exist (any more). */
  async openChat(user: SessionUser, contactId: string): Promise<{ chatId: string }> {
    const request = await this.visibleRequest(user, contactId);
    if (request.status !== 'accepted') {
      throw conflict('You can open a chat only with an accepted contact');
    }
    const chat = await this.options.transact(({ chats }) =>
      chats.findOrCreatePrivate(request.sender_id, request.receiver_id, newId(), this.now()),
    );
    if (chat.created) this.notify.chat(request, chat);
    return { chatId: chat.chat.id };
  }

  /**
   * The `friendRequestMessage` socket event: notifies the receiver again of a pending request
   * the user sent. The request is loaded and checked; nothing the client sent is relayed.
   */
  async resendRequest(
    user: SessionUser,
    payload: FriendRequestMessagePayload,
  ): Promise<{ contact: Contact }> {
    const request = await this.visibleRequest(user, payload.newContact.id);
    const receiver = await this.options.users.findByLogin(payload.receiverName);
    if (
      request.sender_id !== user.id ||
      request.status !== 'pending' ||
      receiver?.id !== request.receiver_id
    ) {
      throw notFound(noSuchRequest);
    }
    this.notify.requested(request, { toSender: false });
    return { contact: toContact(request, user.id) };
  }

  /**
   * For the presence feature: presence is shared between contacts whose friendship stands, and
   * never across a block either way (the same rule as `presenceWatchersOf`).
   */
  async mayWatchPresenceOf(viewerId: string, subjectId: string): Promise<boolean> {
    if (viewerId === subjectId) return true;
    return (await this.presenceWatchersOf(subjectId)).includes(viewerId);
  }

  /** Everyone who may watch the subject's presence: accepted contacts, no chat blocked. */
  presenceWatchersOf(subjectId: string): Promise<string[]> {
    return this.requests.presenceWatchersOf(subjectId);
  }

  private async visibleRequest(user: SessionUser, contactId: string): Promise<FriendRequestView> {
    const request = await this.requests.findById(contactId);
    if (!request || !isVisibleTo(request, user.id)) throw notFound(noSuchRequest);
    return request;
  }

  /** Only the receiver answers a request, and only while it is pending. */
  private async pendingAddressedTo(
    user: SessionUser,
    contactId: string,
    answer: 'accept' | 'reject',
  ): Promise<FriendRequestView> {
    const request = await this.visibleRequest(user, contactId);
    if (request.receiver_id !== user.id) {
      throw forbidden(`Only the receiver of a friend request can ${answer} it`);
    }
    if (request.status !== 'pending') throw notPending(request.status);
    return request;
  }

  private async load(contactId: string): Promise<FriendRequestView> {
    const view = await this.requests.findById(contactId);
    if (!view) throw conflict(changedMeanwhile);
    return view;
  }
}

function isVisibleTo(request: FriendRequestView, userId: string): boolean {
  const party = request.sender_id === userId || request.receiver_id === userId;
  return party && (request.status !== 'blocked' || request.blocked_by === userId);
}

function notPending(status: ContactStatus) {
  return conflict(`This friend request is no longer pending: it is ${status}`);
}

/** Why a pair that already has a request cannot get another one (a rejected one may reopen). */
function refuseRepeatedRequest(existing: FriendRequestView, userId: string): void {
  switch (existing.status) {
    case 'rejected':
      return;
    case 'pending':
      // One from the other side was accepted before this is reached.
      throw conflict(
        'You already sent this user a friend request; it is waiting for their answer',
      ).because('CONTACT_ALREADY_SENT');
    case 'accepted':
      throw conflict('You are already friends with this user').because('CONTACT_ALREADY_FRIENDS');
    case 'blocked':
      if (existing.blocked_by === userId) {
        throw conflict('You blocked this user; unblock them before sending a request').because(
          'CONTACT_BLOCKED_BY_YOU',
        );
      }
      throw notFound(cannotReceive).because('CONTACT_UNKNOWN');
  }
}
