import type { Contact, FriendChat } from '@confab/protocol/contacts';
import type { FriendRequestView } from '../repositories/friend-request.repository';
import type { PrivateChat } from '../repositories/chat.repository';

const iso = (ms: number) => new Date(ms).toISOString();

/** A stored request as one of its two parties sees it. */
export function toContact(view: FriendRequestView, viewerId: string): Contact {
  const outgoing = view.sender_id === viewerId;
  return {
    id: view.id,
    status: view.status,
    senderId: view.sender_id,
    senderUsername: view.sender_username,
    receiverId: view.receiver_id,
    receiverUsername: view.receiver_username,
    direction: outgoing ? 'outgoing' : 'incoming',
    otherUserId: outgoing ? view.receiver_id : view.sender_id,
    otherUsername: outgoing ? view.receiver_username : view.sender_username,
    blockedBy: view.blocked_by,
    chatId: view.chat_id,
    createdAt: iso(view.created_at),
    updatedAt: iso(view.updated_at),
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
