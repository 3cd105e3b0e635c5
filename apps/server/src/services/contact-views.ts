import type { Contact, FriendChat } from '@confab/protocol/contacts';
import { userAvatarUrl } from '@confab/protocol/profile';
import type { FriendRequestView } from '../repositories/friend-request.repository';
import type { PrivateChat } from '../repositories/chat.repository';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * A stored request as one of its two parties sees it. A request sent to an e-mail address shows
 * its sender that address, not the receiver's username, until the receiver accepts it: an
 * address must not tell a stranger which account it belongs to.
 */
export function toContact(view: FriendRequestView, viewerId: string): Contact {
  const outgoing = view.sender_id === viewerId;
  const receiverName = (outgoing && view.addressed_as) || view.receiver_username;
  return {
    id: view.id,
    status: view.status,
    senderId: view.sender_id,
    senderUsername: view.sender_username,
    receiverId: view.receiver_id,
    receiverUsername: receiverName,
    direction: outgoing ? 'outgoing' : 'incoming',
    otherUserId: outgoing ? view.receiver_id : view.sender_id,
    otherUsername: outgoing ? receiverName : view.sender_username,
    ...otherProfile(view, outgoing),
    blockedBy: view.blocked_by,
    chatId: view.chat_id,
    createdAt: iso(view.created_at),
    updatedAt: iso(view.updated_at),
  };
}

/** The same rule as the profile audience (FriendRequestRepository.profileAudienceOf). */
function otherProfile(view: FriendRequestView, outgoing: boolean) {
  const hidden =
    view.status === 'blocked' ||
    view.status === 'rejected' ||
    (outgoing && view.status === 'pending' && view.addressed_as !== null);
  const otherId = outgoing ? view.receiver_id : view.sender_id;
  const version = outgoing ? view.receiver_avatar_version : view.sender_avatar_version;
  return {
    otherDisplayName: hidden
      ? null
      : outgoing
        ? view.receiver_display_name
        : view.sender_display_name,
    otherAvatar: hidden || version === null ? null : userAvatarUrl(otherId, version),
  };
}

export function toFriendChat({ chat, participants }: PrivateChat): FriendChat {
  return {
    id: chat.id,
    type: 'private',
    participants,
    createdAt: iso(chat.created_at),
  };
}
