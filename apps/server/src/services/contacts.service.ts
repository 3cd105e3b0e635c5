import type { SessionUser } from '@confab/protocol/auth';
import type {
  Contact,
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
import type { Transact } from '../repositories/transaction';
import type { UserRepository } from '../repositories/user.repository';
import type { RealtimeHub } from '../realtime/realtime-hub';
import { ContactNotifications } from './contact-notifications';
import { toContact } from './contact-views';

export interface ContactsStore {
  friendRequests: FriendRequestRepository;
  chats: ChatRepository;
}

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
 * Friend requests (spec section 4 "Friend request status"). One request per pair of users.
 *
 * - add: to a user found by username or e-mail (case-insensitive); not oneself. With no request
 *   between the pair, a pending one is created. A rejected request may be sent again by either
 *   party: the row is reused, turned around if needed, and pending again. Pending, accepted and
 *   blocked ones are refused (409), except that a user who was blocked gets the same answer as
 *   for an unknown name (404), so a block is never revealed.
 * - accept / reject: only the receiver, only while pending. Accepting finds or creates the
 *   pair's private chat (a removed and re-added friend gets the same chat back).
 * - remove: either party, deletes the request (a pending one is thereby withdrawn or dismissed).
 *   A blocked request must be unblocked first, so removing never lifts a block.
 * - block: either party, from any other status. The blocked party no longer sees the request
 *   (its list and its events say "removed"); every action of theirs on it answers 404.
 * - unblock: only the user who blocked; the request becomes accepted (spec), and the chat exists.
 *
 * Every method checks access first: a request is visible only to its two parties, minus the
 * blocked party of a blocked request; anything else is "No such friend request" (404).
 */
export class ContactsService {
  private readonly now: () => number;
  private readonly notify: ContactNotifications;

  constructor(private readonly options: ContactsServiceOptions) {
    this.now = options.now ?? Date.now;
    this.notify = new ContactNotifications(options.realtime);
  }

  private get requests() {
    return this.options.store.friendRequests;
  }

  async list(user: SessionUser): Promise<Contact[]> {
    const views = await this.requests.listVisibleTo(user.id);
    return views.map((view) => toContact(view, user.id));
  }

  async add(user: SessionUser, receiverName: string, retried = false): Promise<Contact> {
    const receiver = await this.options.users.findByLogin(receiverName);
    if (!receiver) throw notFound(cannotReceive);
    if (receiver.id === user.id) {
      throw badRequest('You cannot send a friend request to yourself', {
        receiverName: 'This is your own account',
      });
    }
    const existing = await this.requests.findByPair(user.id, receiver.id);
    const now = this.now();
    let id: string;
    if (!existing) {
      id = newId();
      try {
        await this.requests.create({ id, senderId: user.id, receiverId: receiver.id, now });
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
        updated_at: now,
      });
      if (!accepted) throw conflict(changedMeanwhile);
      return chats.findOrCreatePrivate(request.sender_id, request.receiver_id, newId(), now);
    });
    const view = await this.load(contactId);
    this.notify.changed(view, 'accepted');
    this.notify.chat(view, chat);
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
    return { contactId };
  }

  async block(user: SessionUser, contactId: string): Promise<Contact> {
    const request = await this.visibleRequest(user, contactId);
    if (request.status === 'blocked') throw conflict('This contact is already blocked');
    const blocked = await this.requests.updateIfStatus(contactId, request.status, {
      status: 'blocked',
      blocked_by: user.id,
      updated_at: this.now(),
    });
    if (!blocked) throw conflict(changedMeanwhile);
    const view = await this.load(contactId);
    this.notify.blocked(view, user.id);
    return toContact(view, user.id);
  }

  async unblock(user: SessionUser, contactId: string): Promise<Contact> {
    const request = await this.visibleRequest(user, contactId);
    if (request.status !== 'blocked') throw conflict('This contact is not blocked');
    const chat = await this.options.transact(async ({ friendRequests, chats }) => {
      const now = this.now();
      const unblocked = await friendRequests.updateIfStatus(contactId, 'blocked', {
        status: 'accepted',
        blocked_by: null,
        updated_at: now,
      });
      if (!unblocked) throw conflict(changedMeanwhile);
      return chats.findOrCreatePrivate(request.sender_id, request.receiver_id, newId(), now);
    });
    const view = await this.load(contactId);
    this.notify.unblocked(view, user.id);
    if (chat.created) this.notify.chat(view, chat);
    return toContact(view, user.id);
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
   * For the presence feature: a user who blocked the viewer stays offline to them. The
   * viewer's own blocks do not hide anyone from the viewer.
   */
  async canSeePresenceOf(viewerId: string, subjectId: string): Promise<boolean> {
    const request = await this.requests.findByPair(viewerId, subjectId);
    return !(request?.status === 'blocked' && request.blocked_by === subjectId);
  }

  /**
   * For the presence feature: presence is shared with contacts only (accepted, or blocked by the
   * viewer), and never with someone the subject blocked (see `canSeePresenceOf`).
   */
  async mayWatchPresenceOf(viewerId: string, subjectId: string): Promise<boolean> {
    if (viewerId === subjectId) return true;
    const request = await this.requests.findByPair(viewerId, subjectId);
    if (request?.status === 'accepted') return true;
    return request?.status === 'blocked' && request.blocked_by === viewerId;
  }

  /** Everyone who may watch the subject's presence (the same rule as `mayWatchPresenceOf`). */
  presenceWatchersOf(subjectId: string): Promise<string[]> {
    return this.requests.presenceWatchersOf(subjectId);
  }

  /** For the social chat feature: no messages either way between a blocked pair. */
  async canMessage(senderId: string, receiverId: string): Promise<boolean> {
    const request = await this.requests.findByPair(senderId, receiverId);
    return request?.status !== 'blocked';
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
      throw conflict(
        existing.sender_id === userId
          ? 'You already sent this user a friend request; it is waiting for their answer'
          : 'This user already sent you a friend request; accept it in your list',
      );
    case 'accepted':
      throw conflict('You are already friends with this user');
    case 'blocked':
      if (existing.blocked_by === userId) {
        throw conflict('You blocked this user; unblock them before sending a request');
      }
      throw notFound(cannotReceive);
  }
}
