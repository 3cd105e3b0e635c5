import { z } from 'zod';
import { envelope, socialApiBase } from './envelope';
import { limits } from './limits';

/**
 * Contacts (friend requests): docs/product.md#social-entities, #friend-requests and
 * #rest-contacts. Every route lives under `/api/chat-social-msg/contacts/` and answers in the
 * `{statusCode, data, message}` envelope; errors are `ErrorReply`s whose message starts with the
 * operation's fixed failure text below.
 */

/** Lower-case, as stored and sent. */
export const contactStatuses = ['pending', 'accepted', 'rejected', 'blocked'] as const;
export const contactStatusSchema = z.enum(contactStatuses);
export type ContactStatus = z.infer<typeof contactStatusSchema>;

export const contactOperations = [
  'add',
  'list',
  'accept',
  'reject',
  'remove',
  'block',
  'unblock',
  'chat',
] as const;
export type ContactOperation = (typeof contactOperations)[number];

/**
 * The fixed failure text of each operation (docs/product.md#failure-texts). The
 * server starts every error message of a contacts route with it; the web app's stores record it.
 */
export const contactFailureTexts: Record<ContactOperation, string> = {
  add: '发送好友请求失败',
  list: '获取联系人列表失败',
  accept: '接受好友请求失败',
  reject: '拒绝好友请求失败',
  remove: '删除联系人失败',
  block: '屏蔽联系人失败',
  unblock: '取消屏蔽联系人失败',
  chat: '打开聊天失败',
};

/**
 * One friend request as one viewer sees it. Exactly one exists per pair of users, whichever
 * direction. `direction` and `otherUser*` are relative to the signed-in user.
 */
export const contactSchema = z.object({
  id: z.string(),
  status: contactStatusSchema,
  senderId: z.string(),
  senderUsername: z.string(),
  receiverId: z.string(),
  receiverUsername: z.string(),
  /** `incoming` when the viewer is the receiver, `outgoing` when the viewer sent it. */
  direction: z.enum(['incoming', 'outgoing']),
  otherUserId: z.string(),
  otherUsername: z.string(),
  /**
   * The other party's display name and avatar address (docs/product.md#identity), or null:
   * none, a block, or a request the viewer addressed to an e-mail and that is not accepted yet.
   */
  otherDisplayName: z.string().nullable(),
  otherAvatar: z.string().nullable(),
  /**
   * Who blocked, for a blocked request. A blocked request is only ever shown to the user who
   * blocked, so this is the viewer's own id or null.
   */
  blockedBy: z.string().nullable(),
  /** The one-to-one chat of the pair, once one exists (accepting creates it). */
  chatId: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Contact = z.infer<typeof contactSchema>;

/** A username or an e-mail address, matched case-insensitively. */
export const receiverNameSchema = z
  .string({ error: 'Enter a username or e-mail address' })
  .trim()
  .min(1, 'Enter a username or e-mail address')
  .max(limits.emailMax, `A username or e-mail has at most ${limits.emailMax} characters`);

/** The id of a friend request. */
export const contactIdSchema = z
  .string({ error: 'Give the id of a friend request' })
  .trim()
  .min(1, 'Give the id of a friend request')
  .max(limits.idMax, 'Too long to be the id of a friend request');

/** `POST contacts/add` */
export const addContactBodySchema = z.strictObject({ receiverName: receiverNameSchema });
export type AddContactBody = z.infer<typeof addContactBodySchema>;

/** `POST contacts/{accept,reject,remove,block,unblock,chat}` */
export const contactActionBodySchema = z.strictObject({ contact: contactIdSchema });
export type ContactActionBody = z.infer<typeof contactActionBodySchema>;

/** Reply data of add, accept, reject, block and unblock: the request as it now stands. */
export const contactReplyDataSchema = z.object({ contact: contactSchema });
export const contactReplySchema = envelope(contactReplyDataSchema);
export type ContactReply = z.infer<typeof contactReplySchema>;

/**
 * Reply data of unblock: the request as it was before the block, or null when the block was
 * made with no request between the pair (a removed contact, blocked from the chat).
 */
export const unblockContactReplyDataSchema = z.object({ contact: contactSchema.nullable() });
export const unblockContactReplySchema = envelope(unblockContactReplyDataSchema);

/** Reply data of remove: the request no longer exists. */
export const removeContactReplyDataSchema = z.object({ contactId: z.string() });
export const removeContactReplySchema = envelope(removeContactReplyDataSchema);
export type RemoveContactReply = z.infer<typeof removeContactReplySchema>;

/**
 * Query of `GET contacts/list`. `waiting=incoming` keeps only the requests waiting for the
 * viewer's answer: what every page counts for its notifications, without the whole list.
 */
export const contactListQuerySchema = z.object({ waiting: z.literal('incoming').optional() });
export type ContactListQuery = z.infer<typeof contactListQuerySchema>;

/** Reply data of `GET contacts/list`: every request the viewer may see, latest change first. */
export const contactListReplyDataSchema = z.object({ formattedContacts: z.array(contactSchema) });
export const contactListReplySchema = envelope(contactListReplyDataSchema);
export type ContactListReply = z.infer<typeof contactListReplySchema>;

/**
 * Reply data of `POST contacts/chat` {contact}: the one-to-one chat with an accepted contact,
 * found or created. The web app then opens `/socialChatRoom?chat={chatId}`.
 */
export const contactChatReplyDataSchema = z.object({ chatId: z.string() });
export const contactChatReplySchema = envelope(contactChatReplyDataSchema);
export type ContactChatReply = z.infer<typeof contactChatReplySchema>;

/** Paths of the social API, relative to `socialApiBase` (docs/product.md#rest-contacts). */
export const contactsApiPaths = {
  add: '/chat-social-msg/contacts/add',
  list: '/chat-social-msg/contacts/list',
  accept: '/chat-social-msg/contacts/accept',
  reject: '/chat-social-msg/contacts/reject',
  remove: '/chat-social-msg/contacts/remove',
  block: '/chat-social-msg/contacts/block',
  unblock: '/chat-social-msg/contacts/unblock',
  chat: '/chat-social-msg/contacts/chat',
} as const satisfies Record<ContactOperation, string>;

/** The same paths as the server routes them. */
export const contactsPaths = Object.fromEntries(
  Object.entries(contactsApiPaths).map(([operation, path]) => [operation, socialApiBase + path]),
) as { [K in ContactOperation]: `${typeof socialApiBase}${(typeof contactsApiPaths)[K]}` };

/** What happened to a request, in the `contactUpdated` socket event. */
export const contactChanges = [
  'requested',
  'accepted',
  'rejected',
  'removed',
  'blocked',
  'unblocked',
] as const;
export type ContactChange = (typeof contactChanges)[number];

/** A one-to-one chat as announced by `newFriendChat`. The social chat issue extends it. */
export const friendChatSchema = z.object({
  id: z.string(),
  type: z.literal('private'),
  participants: z.array(z.object({ id: z.string(), username: z.string() })),
  createdAt: z.iso.datetime(),
});
export type FriendChat = z.infer<typeof friendChatSchema>;

/**
 * Client → server `friendRequestMessage` (docs/product.md#socket-client-events): asks the server
 * to notify the receiver of a pending request the client sent. The server never relays what
 * the client says: it loads the request, checks that the socket's user sent it to
 * `receiverName` and that it is still pending, and sends the receiver its own copy.
 */
export const friendRequestMessagePayloadSchema = z.strictObject({
  newContact: z.object({ id: contactIdSchema }),
  receiverName: receiverNameSchema,
});
export type FriendRequestMessagePayload = z.infer<typeof friendRequestMessagePayloadSchema>;
