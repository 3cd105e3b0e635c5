import { z } from 'zod';
import {
  aiKindOf,
  aiMessageContentTypes,
  aiMessagePayloadSchema,
  type AiMessagePayload,
} from './ai-in-chat';
import { envelope, socialApiBase } from './envelope';
import { limits } from './limits';
import {
  emojiSchema,
  forwardMarkSchema,
  reactionSchema,
  replyQuoteSchema,
  type Reaction,
} from './reactions';

/**
 * Social chat: one-to-one chats, their messages and each participant's own view of a chat
 * (docs/product.md#social-entities, #rest-social-chat and #rest-app-chat). Every route answers
 * in the `{statusCode, data, message}` envelope; errors are
 * `ErrorReply`s.
 *
 * Ordering: each message has a per-chat sequence number `seq` (1, 2, 3, … with no gap), assigned
 * by the server when it stores the message. Everyone sees a chat in `seq` order; a client that
 * missed messages asks for those after the last `seq` it holds.
 *
 * Exactly once: a send carries `clientId`, a client-generated UUID, unique per sender. Sending
 * the same `clientId` again stores nothing new and answers with the message first stored.
 */

export const socialChatOperations = [
  'listChats',
  'createChat',
  'updateChat',
  'deleteChat',
  'toggleChat',
  'listMessages',
  'batchMessages',
  'sendMessage',
  'editMessage',
  'deleteMessage',
  'readMessages',
  'searchMessages',
  'uploadFile',
  'presence',
  'rooms',
  'reactMessage',
  'hideMessage',
  'forwardMessage',
] as const;
export type SocialChatOperation = (typeof socialChatOperations)[number];

/**
 * The fixed failure texts of docs/product.md#failure-texts: the web app's stores
 * record them when the social API reports a failure.
 */
export const socialChatFailureTexts: Record<SocialChatOperation, string> = {
  listChats: '获取聊天列表失败',
  createChat: '创建聊天失败',
  updateChat: '更新聊天失败',
  deleteChat: '删除聊天失败',
  toggleChat: '更新聊天设置失败',
  listMessages: '获取消息列表失败',
  batchMessages: '批量获取消息失败',
  sendMessage: '发送消息失败',
  editMessage: '编辑消息失败',
  deleteMessage: '删除消息失败',
  readMessages: '标记已读失败',
  searchMessages: '搜索消息失败',
  uploadFile: '上传文件失败',
  presence: '获取在线状态失败',
  rooms: '获取聊天室失败',
  reactMessage: '添加回应失败',
  hideMessage: '删除消息失败',
  forwardMessage: '转发消息失败',
};

/** Shown when a send lacks text, a chat or a signed-in user (docs/product.md#send-rules). */
export const missingSendParametersWarning = '缺少必要参数';

// ---------------------------------------------------------------------------------------------
// Building blocks

const idSchema = (what: string) =>
  z
    .string({ error: `Give the id of a ${what}` })
    .trim()
    .min(1, `Give the id of a ${what}`)
    .max(limits.idMax, `Too long to be the id of a ${what}`);

export const chatIdSchema = idSchema('chat');
export const messageIdSchema = idSchema('message');
export const userIdSchema = idSchema('user');
export const fileIdSchema = idSchema('file');

/** A client-generated UUID, unique per sender: the key of exactly-once delivery. */
export const clientIdSchema = z.uuid('clientId must be a UUID');

export const contentTypes = ['text', 'image', 'file', ...aiMessageContentTypes] as const;
export const contentTypeSchema = z.enum(contentTypes, {
  error: `Content type must be one of: ${contentTypes.join(', ')}`,
});
export type ContentType = z.infer<typeof contentTypeSchema>;

/** Message text: trimmed, not blank, at most 2000 characters (the chat input's limit). */
export const messageContentSchema = z
  .string({ error: 'Message content must be text' })
  .trim()
  .min(1, 'Message content must not be blank')
  .max(limits.chatInputMax, `消息长度不能超过${limits.chatInputMax}个字符`);

/**
 * A send carries `content`, or, for `ai_share` and `ai_answer`, an `ai` payload of that kind
 * and no content (the server makes the content from the payload: aiMessageText).
 */
function checkSendContent(
  contentType: ContentType,
  body: { content?: string; ai?: AiMessagePayload },
  ctx: z.RefinementCtx,
  typeField: string,
): void {
  const kind = aiKindOf(contentType);
  if (kind === null) {
    if (body.ai !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['ai'],
        message: 'Only ai_share and ai_answer messages carry ai',
      });
    }
    if (body.content === undefined) {
      ctx.addIssue({ code: 'custom', path: ['content'], message: 'Message content must be text' });
    }
    return;
  }
  if (body.ai === undefined) {
    ctx.addIssue({ code: 'custom', path: ['ai'], message: `An ${contentType} message needs ai` });
  } else if (body.ai.kind !== kind) {
    ctx.addIssue({
      code: 'custom',
      path: [typeField],
      message: `ai.kind '${body.ai.kind}' is not an ${contentType} message`,
    });
  }
  if (body.content !== undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['content'],
      message: 'An AI message has no content of its own: it is made from ai',
    });
  }
}

/** Page size: 1 to 100, default 50 (docs/product.md#history-paging). */
export const pageLimitSchema = z.coerce
  .number({ error: 'limit must be a whole number from 1 to 100' })
  .int('limit must be a whole number from 1 to 100')
  .min(1, 'limit must be a whole number from 1 to 100')
  .max(100, 'limit must be a whole number from 1 to 100')
  .default(limits.historyPageSize);

const seqQuerySchema = z.coerce
  .number({ error: 'afterSeq must be a whole number' })
  .int('afterSeq must be a whole number')
  .min(0, 'afterSeq must be 0 or more');

// ---------------------------------------------------------------------------------------------
// Entities

/** A file stored by `files/upload`, served only to the chat's participants at `url`. */
export const attachmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  mimeType: z.string(),
  /** `/api/chat-social-msg/files/{id}`. */
  url: z.string(),
});
export type Attachment = z.infer<typeof attachmentSchema>;

/** A stored message as every participant sees it. */
export const socialMessageSchema = z.object({
  _id: z.string(),
  chatId: z.string(),
  seq: z.number().int().positive(),
  /** The sender's user id. */
  sender: z.string(),
  senderUsername: z.string(),
  /** Empty once the message is deleted. */
  content: z.string(),
  contentType: contentTypeSchema,
  attachment: attachmentSchema.nullable(),
  /** The snapshot of an `ai_share` or `ai_answer` message; absent on every other. */
  ai: aiMessagePayloadSchema.nullable().optional(),
  clientId: z.string(),
  /** When the server stored it. */
  timestamp: z.iso.datetime(),
  editedAt: z.iso.datetime().nullable(),
  deleted: z.boolean(),
  /** For the viewer's own messages: the other participant has read it; for others': the viewer has. */
  isRead: z.boolean(),
  /** The message this one answers, as it is now; null when it answers none. */
  replyTo: replyQuoteSchema.nullable().optional(),
  /** Set on a forwarded copy. */
  forwarded: forwardMarkSchema.nullable().optional(),
  /** The emoji on it, in the order they were first put (docs/product.md#message-extras). */
  reactions: z.array(reactionSchema).optional(),
  /** The viewer deleted it for themselves: their tabs do not show it (it keeps its seq). */
  hidden: z.boolean().optional(),
});
export type SocialMessage = z.infer<typeof socialMessageSchema>;

export const chatParticipantSchema = z.object({
  id: z.string(),
  username: z.string(),
  /** The name the viewer gave this chat (`PUT chats/{chatId}`), or null. */
  nickname: z.string().nullable(),
  /** Their own display name (docs/product.md#identity), or null; hidden across a block. */
  displayName: z.string().nullable(),
  /** Their avatar's address, or null (none, or hidden across a block). */
  avatar: z.string().nullable(),
});
export type ChatParticipant = z.infer<typeof chatParticipantSchema>;

/**
 * A chat as one viewer sees it: `participants` lists the OTHER participants (the list takes the
 * row's nickname from the first), and the per-user state (unread, pinned, archived, muted,
 * blocked) is the viewer's own.
 */
export const socialChatSchema = z.object({
  _id: z.string(),
  type: z.literal('private'),
  /** The other participant's username. */
  name: z.string(),
  /** The viewer's nickname for the chat, or null (the list shows `name`, then '未知'). */
  nickname: z.string().nullable(),
  /** The other participant's display name, or null: shown after the nickname, before `name`. */
  displayName: z.string().nullable(),
  avatar: z.string().nullable(),
  participants: z.array(chatParticipantSchema),
  lastMessage: socialMessageSchema.nullable(),
  lastTime: z.iso.datetime().nullable(),
  /** The highest `seq` in the chat (0 when empty): the client's catch-up cursor. */
  lastSeq: z.number().int().nonnegative(),
  unread: z.number().int().nonnegative(),
  /** The other participant is connected and may be seen by the viewer. */
  isOnline: z.boolean(),
  isPinned: z.boolean(),
  /** Set while pinned: the number of pinned chats when pinned (docs/product.md#chat-toggles). */
  pinnedOrder: z.number().int().positive().nullable(),
  isArchived: z.boolean(),
  isMuted: z.boolean(),
  /**
   * The viewer blocked this chat, or blocked the other participant as a contact. A block by the
   * other side is not told (it shows only as `readOnly`), as the block dialog promises.
   */
  isBlocked: z.boolean(),
  /**
   * Nothing new can be written here by anyone: a block either way, or the pair are no longer
   * contacts (removed). The history stays readable; no presence is shown.
   */
  readOnly: z.boolean(),
  /**
   * "AI in this chat" (docs/product.md#ask-ai-in-chat): the viewer's own switch and the other
   * participant's; asking one's model here needs both on.
   */
  aiConsent: z.object({ mine: z.boolean(), theirs: z.boolean() }),
  createdAt: z.iso.datetime(),
});
export type SocialChat = z.infer<typeof socialChatSchema>;

// ---------------------------------------------------------------------------------------------
// Bodies, queries and replies under /api/chat-social-msg

export const chatParamsSchema = z.strictObject({ chatId: chatIdSchema });
export const messageParamsSchema = z.strictObject({
  chatId: chatIdSchema,
  messageId: messageIdSchema,
});

/** `POST /{chatId}/messages`; `type` is the content type, `text` by default (#rest-social-chat). */
export const sendMessageBodySchema = z
  .strictObject({
    content: messageContentSchema.optional(),
    type: contentTypeSchema.default('text'),
    /** Required for `ai_share` and `ai_answer` (and then no content: it is made from this). */
    ai: aiMessagePayloadSchema.optional(),
    /** Optional for plain API clients; without it a retried send may be stored twice. */
    clientId: clientIdSchema.optional(),
    /** Required for `image` and `file`: a file uploaded to this chat. */
    fileId: fileIdSchema.optional(),
    /** The message of this chat it answers. */
    replyToId: messageIdSchema.optional(),
  })
  .superRefine((body, ctx) => checkSendContent(body.type, body, ctx, 'type'));
export type SendMessageBody = z.input<typeof sendMessageBodySchema>;
export const sendMessageReplySchema = envelope(z.object({ newMessage: socialMessageSchema }));

/**
 * `GET /{chatId}/messages?limit=50&before={messageId}` (older history) or `?afterSeq={n}`
 * (catch-up, oldest first). Messages come oldest first; `hasMore` is true when more messages
 * remain beyond the page (older ones, or newer ones with `afterSeq`).
 */
export const listMessagesQuerySchema = z.strictObject({
  limit: pageLimitSchema,
  before: messageIdSchema.optional(),
  afterSeq: seqQuerySchema.optional(),
});
export type ListMessagesQuery = z.input<typeof listMessagesQuerySchema>;
export const listMessagesReplySchema = envelope(
  z.object({ messages: z.array(socialMessageSchema), hasMore: z.boolean() }),
);

/** `POST /batchMessages` {chatIds, limit, messageId?}: the latest messages of many chats. */
export const batchMessagesBodySchema = z.strictObject({
  chatIds: z.array(chatIdSchema).min(1, 'Give at least one chat id').max(200, 'At most 200 chats'),
  limit: pageLimitSchema,
  /** With one chat id: messages older than this one. */
  messageId: messageIdSchema.optional(),
});
export const batchMessagesReplySchema = envelope(
  z.object({ messagesMap: z.record(z.string(), z.array(socialMessageSchema)) }),
);

/** `PUT /{chatId}/messages/{messageId}`: only the sender edits; a deleted message cannot be. */
export const editMessageBodySchema = z.strictObject({ content: messageContentSchema });
export const messageReplySchema = envelope(z.object({ message: socialMessageSchema }));

/** `POST /{chatId}/messages/read` {messageId}: everything up to that message is read. */
export const readMessagesBodySchema = z.strictObject({ messageId: messageIdSchema });
export const readReplySchema = envelope(
  z.object({ chatId: z.string(), unread: z.number().int(), lastReadSeq: z.number().int() }),
);

/**
 * `GET /{chatId}/messages/search?q=&limit=`: case-insensitive substring; empty q returns all.
 * The newest `limit` matches, newest first; deleted messages are never found.
 */
export const searchMessagesQuerySchema = z.strictObject({
  q: z.string().max(limits.chatInputMax).default(''),
  limit: pageLimitSchema,
});
export const searchMessagesReplySchema = envelope(
  z.object({ messages: z.array(socialMessageSchema) }),
);

/**
 * `POST /{chatId}/messages/{messageId}/reactions` {emoji, value}: puts (true) or takes back
 * (false) the viewer's emoji; answers the message's reactions as they now are.
 */
export const reactBodySchema = z.strictObject({ emoji: emojiSchema, value: z.boolean() });
export type ReactBody = z.infer<typeof reactBodySchema>;
export const reactionsChangeSchema = z.object({
  chatId: z.string(),
  messageId: z.string(),
  reactions: z.array(reactionSchema),
});
export type ReactionsChange = z.infer<typeof reactionsChangeSchema>;
export const reactReplySchema = envelope(reactionsChangeSchema);

/** `POST /{chatId}/messages/{messageId}/hide`: deletes the message for the viewer only. */
export const messageHiddenSchema = z.object({ chatId: z.string(), messageId: z.string() });
export type MessageHidden = z.infer<typeof messageHiddenSchema>;
export const hideReplySchema = envelope(messageHiddenSchema);

/**
 * `POST /{chatId}/messages/{messageId}/forward` {toChatId, clientId}: a copy of the message
 * into another of the viewer's chats, marked as forwarded; the clientId makes a retry store
 * it once. A message carrying a file is refused (its file belongs to its own chat).
 */
export const forwardBodySchema = z.strictObject({
  toChatId: chatIdSchema,
  clientId: clientIdSchema,
});
export type ForwardBody = z.infer<typeof forwardBodySchema>;

export const chatListReplySchema = envelope(z.object({ chats: z.array(socialChatSchema) }));

/**
 * `GET /chats/unread`: the chats of the list (not those the viewer deleted), each with only what
 * the notifications count from: its unread count, whether it is muted, and the viewer's
 * nickname for it (a notice's title). Every signed-in page reads it; the whole list is a few
 * hundred bytes a chat.
 */
export const chatUnreadSchema = socialChatSchema.pick({
  _id: true,
  unread: true,
  isMuted: true,
  nickname: true,
});
export type ChatUnread = z.infer<typeof chatUnreadSchema>;
export const chatUnreadReplySchema = envelope(z.object({ chats: z.array(chatUnreadSchema) }));
export const chatReplySchema = envelope(z.object({ chat: socialChatSchema }));

/** `POST /chats` {participantId}: the one-to-one chat with an accepted contact, found or created. */
export const createChatBodySchema = z.strictObject({ participantId: userIdSchema });

/** `PUT /chats/{chatId}` {nickname}: the viewer's own name for the chat; null clears it. */
export const updateChatBodySchema = z.strictObject({
  nickname: z
    .string()
    .trim()
    .max(limits.usernameMax, `A nickname has at most ${limits.usernameMax} characters`)
    .nullable(),
});

/** `DELETE /chats/{chatId}` hides the chat for the viewer; a new message brings it back. */
export const deleteChatReplySchema = envelope(z.object({ chatId: z.string() }));

/** `POST /chats/{chatId}/{archive|mute|pin|block}`: set (true) or clear (false) the toggle. */
export const chatToggles = ['archive', 'mute', 'pin', 'block'] as const;
export type ChatToggle = (typeof chatToggles)[number];
export const chatToggleParamsSchema = z.strictObject({
  chatId: chatIdSchema,
  toggle: z.enum(chatToggles),
});
export const chatToggleBodySchema = z.strictObject({ value: z.boolean() });

/** `POST /files/upload` (multipart: field `chatId`, then field `file`). */
/** `GET /files/{fileId}`: the file itself, only for the chat's participants. */
export const fileParamsSchema = z.strictObject({ fileId: fileIdSchema });
export const uploadReplySchema = envelope(z.object({ file: attachmentSchema }));
export const uploadLimits = {
  maxBytes: 10 * 1024 * 1024,
  /** Files one send may carry (a drop, a paste or a pick of several); each is its own message. */
  filesPerSend: 10,
  /** Checked against the file's content, not only its name. */
  mimeTypes: [
    'image/png',
    'image/jpeg',
    'image/gif',
    'image/webp',
    'image/heic',
    'image/heif',
    'application/pdf',
    'text/plain',
    'application/zip',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/vnd.oasis.opendocument.text',
    'audio/mpeg',
    'audio/ogg',
    'audio/mp4',
    'audio/wav',
    'video/mp4',
    'video/webm',
  ],
} as const;

export type UploadMimeType = (typeof uploadLimits.mimeTypes)[number];

/** The names a file of each allowed type may have; the content decides the type. */
export const uploadExtensions: Record<UploadMimeType, readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'image/heic': ['heic', 'heif'],
  'image/heif': ['heif', 'heic'],
  'application/pdf': ['pdf'],
  'text/plain': ['txt', 'text', 'md', 'csv', 'log'],
  'application/zip': ['zip'],
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['docx'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['xlsx'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['pptx'],
  'application/vnd.oasis.opendocument.text': ['odt'],
  'audio/mpeg': ['mp3'],
  'audio/ogg': ['ogg', 'oga', 'opus'],
  'audio/mp4': ['m4a'],
  'audio/wav': ['wav'],
  'video/mp4': ['mp4', 'm4v'],
  'video/webm': ['webm'],
};

/** Every file name ending an upload may have, for the picker and the check before sending. */
export const uploadFileExtensions = [...new Set(Object.values(uploadExtensions).flat())];

/**
 * How a stored file is shown (docs/product.md#chat-files): only raster images every browser
 * renders safely as `<img>` are inline; audio and video play in the browser's own players; all
 * else (HEIC included, which most browsers cannot show) is a download. Never HTML or SVG.
 */
export type AttachmentDisplay = 'image' | 'audio' | 'video' | 'download';
const inlineImages: readonly string[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export function attachmentDisplay(mimeType: string): AttachmentDisplay {
  if (inlineImages.includes(mimeType)) return 'image';
  if (
    mimeType.startsWith('audio/') &&
    (uploadLimits.mimeTypes as readonly string[]).includes(mimeType)
  )
    return 'audio';
  if (
    mimeType.startsWith('video/') &&
    (uploadLimits.mimeTypes as readonly string[]).includes(mimeType)
  )
    return 'video';
  return 'download';
}

/** Longest page address a link preview is asked for. */
export const linkPreviewUrlMax = 2048;

const isWebAddress = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

/**
 * `GET /link-preview?url=`: the preview of an http(s) page, fetched by the server through its
 * address guard (docs/product.md#link-previews); `preview` is null when the page has none or
 * may not be fetched.
 */
export const linkPreviewQuerySchema = z.strictObject({
  url: z
    .string()
    .trim()
    .min(1, 'Give the address of a page')
    .max(linkPreviewUrlMax, `An address has at most ${linkPreviewUrlMax} characters`)
    .refine(isWebAddress, 'Give an http:// or https:// address'),
});
export const linkPreviewSchema = z.object({
  url: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  siteName: z.string().nullable(),
  /** Our server's copy of the page's image (`/link-preview/{id}/image`), never the site's. */
  image: z.string().nullable(),
});
export type LinkPreview = z.infer<typeof linkPreviewSchema>;
export const linkPreviewReplySchema = envelope(z.object({ preview: linkPreviewSchema.nullable() }));
/** `GET /link-preview/{previewId}/image`: the image of a kept preview. */
export const linkPreviewImageParamsSchema = z.strictObject({
  previewId: z.string().regex(/^[0-9a-f]{64}$/, 'Not a preview id'),
});

/** `GET /presence/{userId}`: only for a contact who has not blocked the viewer. */
export const presenceParamsSchema = z.strictObject({ userId: userIdSchema });
export const presenceSchema = z.object({
  userId: z.string(),
  isOnline: z.boolean(),
  lastSeen: z.iso.datetime().nullable(),
  /**
   * Grows with each flip of the user's presence, on whichever node it happened, and with each
   * notice that what a viewer may see of it changed: announcements from two nodes can arrive
   * out of order, and a client keeps the one of the highest version. 0 before the first.
   */
  version: z.number().int().nonnegative(),
});
export type Presence = z.infer<typeof presenceSchema>;
export const presenceReplySchema = envelope(presenceSchema);

/** `GET /rooms`: the chats the viewer may join on the socket; `POST /rooms` is `POST /chats`. */
export const roomsReplySchema = envelope(
  z.object({ rooms: z.array(z.object({ chatId: z.string(), lastSeq: z.number().int() })) }),
);

// ---------------------------------------------------------------------------------------------
// App-server chat calls under /api/chat (docs/product.md#rest-app-chat)

export const appSendMessageBodySchema = z
  .strictObject({
    chatId: chatIdSchema,
    content: messageContentSchema.optional(),
    contentType: contentTypeSchema.default('text'),
    /** Display type of a list row (docs/product.md#browser-storage); clients send only `text`. */
    type: z.literal('text').default('text'),
    clientId: clientIdSchema.optional(),
    fileId: fileIdSchema.optional(),
    ai: aiMessagePayloadSchema.optional(),
  })
  .superRefine((body, ctx) => checkSendContent(body.contentType, body, ctx, 'contentType'));
export const appSendMessageReplySchema = envelope(
  z.object({
    success: z.literal(true),
    messageId: z.string(),
    timestamp: z.iso.datetime(),
    message: socialMessageSchema,
  }),
);
export const appMessageRefBodySchema = z.strictObject({
  messageId: messageIdSchema,
  chatId: chatIdSchema,
});
export const appChatRefBodySchema = z.strictObject({ chatId: chatIdSchema });
export const appSuccessReplySchema = envelope(
  z.object({ success: z.literal(true), unread: z.number().int().optional() }),
);
/** `POST /api/chat/batchMessages`: data keyed by chat id. */
export const appBatchMessagesReplySchema = envelope(
  z.record(z.string(), z.array(socialMessageSchema)),
);

// ---------------------------------------------------------------------------------------------
// Paths

const base = '/chat-social-msg';
/** Paths relative to `socialApiBase`, for the web app's social API client. */
export const socialChatApiPaths = {
  chats: `${base}/chats`,
  chatsUnread: `${base}/chats/unread`,
  chat: (chatId: string) => `${base}/chats/${encodeURIComponent(chatId)}`,
  chatToggle: (chatId: string, toggle: ChatToggle) =>
    `${base}/chats/${encodeURIComponent(chatId)}/${toggle}`,
  chatAi: (chatId: string) => `${base}/chats/${encodeURIComponent(chatId)}/ai`,
  messages: (chatId: string) => `${base}/${encodeURIComponent(chatId)}/messages`,
  message: (chatId: string, messageId: string) =>
    `${base}/${encodeURIComponent(chatId)}/messages/${encodeURIComponent(messageId)}`,
  read: (chatId: string) => `${base}/${encodeURIComponent(chatId)}/messages/read`,
  readAll: (chatId: string) => `${base}/${encodeURIComponent(chatId)}/messages/readAll`,
  search: (chatId: string) => `${base}/${encodeURIComponent(chatId)}/messages/search`,
  batchMessages: `${base}/batchMessages`,
  upload: `${base}/files/upload`,
  file: (fileId: string) => `${base}/files/${encodeURIComponent(fileId)}`,
  presence: (userId: string) => `${base}/presence/${encodeURIComponent(userId)}`,
  rooms: `${base}/rooms`,
  linkPreview: `${base}/link-preview`,
  linkPreviewImage: (previewId: string) =>
    `${base}/link-preview/${encodeURIComponent(previewId)}/image`,
  reactions: (chatId: string, messageId: string) =>
    `${base}/${encodeURIComponent(chatId)}/messages/${encodeURIComponent(messageId)}/reactions`,
  hide: (chatId: string, messageId: string) =>
    `${base}/${encodeURIComponent(chatId)}/messages/${encodeURIComponent(messageId)}/hide`,
  forward: (chatId: string, messageId: string) =>
    `${base}/${encodeURIComponent(chatId)}/messages/${encodeURIComponent(messageId)}/forward`,
  appSendMessage: '/chat/sendMessage',
  appDeleteMessage: '/chat/deleteMessage',
  appMarkAsRead: '/chat/markAsRead',
  appMarkAllAsRead: '/chat/markAllAsRead',
  appBatchMessages: '/chat/batchMessages',
} as const;

/** Route patterns as the server registers them. */
export const socialChatRoutes = {
  chats: `${socialApiBase}${base}/chats`,
  chatsUnread: `${socialApiBase}${base}/chats/unread`,
  chat: `${socialApiBase}${base}/chats/:chatId`,
  chatToggle: `${socialApiBase}${base}/chats/:chatId/:toggle`,
  chatAi: `${socialApiBase}${base}/chats/:chatId/ai`,
  messages: `${socialApiBase}${base}/:chatId/messages`,
  message: `${socialApiBase}${base}/:chatId/messages/:messageId`,
  read: `${socialApiBase}${base}/:chatId/messages/read`,
  readAll: `${socialApiBase}${base}/:chatId/messages/readAll`,
  search: `${socialApiBase}${base}/:chatId/messages/search`,
  batchMessages: `${socialApiBase}${base}/batchMessages`,
  upload: `${socialApiBase}${base}/files/upload`,
  file: `${socialApiBase}${base}/files/:fileId`,
  presence: `${socialApiBase}${base}/presence/:userId`,
  rooms: `${socialApiBase}${base}/rooms`,
  linkPreview: `${socialApiBase}${base}/link-preview`,
  linkPreviewImage: `${socialApiBase}${base}/link-preview/:previewId/image`,
  reactions: `${socialApiBase}${base}/:chatId/messages/:messageId/reactions`,
  hide: `${socialApiBase}${base}/:chatId/messages/:messageId/hide`,
  forward: `${socialApiBase}${base}/:chatId/messages/:messageId/forward`,
  appSendMessage: `${socialApiBase}/chat/sendMessage`,
  appDeleteMessage: `${socialApiBase}/chat/deleteMessage`,
  appMarkAsRead: `${socialApiBase}/chat/markAsRead`,
  appMarkAllAsRead: `${socialApiBase}/chat/markAllAsRead`,
  appBatchMessages: `${socialApiBase}/chat/batchMessages`,
} as const;

// ---------------------------------------------------------------------------------------------
// Socket payloads (wired into the one event map in ./socket-events)

/** Client → server `sendMessage`; acknowledged with the stored message. */
export const sendMessagePayloadSchema = z
  .strictObject({
    chatId: chatIdSchema,
    content: messageContentSchema.optional(),
    contentType: contentTypeSchema.default('text'),
    clientId: clientIdSchema,
    fileId: fileIdSchema.optional(),
    /** The message of this chat it answers. */
    replyToId: messageIdSchema.optional(),
    ai: aiMessagePayloadSchema.optional(),
  })
  .superRefine((body, ctx) => checkSendContent(body.contentType, body, ctx, 'contentType'));
export type SendMessagePayload = z.input<typeof sendMessagePayloadSchema>;

/** Client → server `typing`; expires by itself a few seconds after the last `isTyping: true`. */
export const typingPayloadSchema = z.strictObject({
  chatId: chatIdSchema,
  isTyping: z.boolean(),
});
export type TypingPayload = z.infer<typeof typingPayloadSchema>;
export const typingExpiryMs = 5000;

/** Client → server `onlineStatus`: this tab is active (true) or away (false). */
export const onlineStatusPayloadSchema = z.strictObject({ isOnline: z.boolean() });
export type OnlineStatusPayload = z.infer<typeof onlineStatusPayloadSchema>;

/** Client → server `join_chats` / `leave_chats`: follow a chat's typing indicators. */
export const chatRoomsPayloadSchema = z.strictObject({
  chatIds: z.array(chatIdSchema).max(200, 'At most 200 chats at once'),
});
export type ChatRoomsPayload = z.infer<typeof chatRoomsPayloadSchema>;

const revisionSchema = z
  .number({ error: 'afterRevision must be a whole number' })
  .int('afterRevision must be a whole number')
  .min(0, 'afterRevision must be 0 or more');

/**
 * One chat of a `sync`: the messages after `afterSeq`, and, when `afterRevision` is given, the
 * messages the tab already holds (`fromSeq` to `afterSeq`) that were edited or deleted after
 * that revision. A tab that never synced the chat asks from revision 0.
 */
export const syncCursorSchema = z
  .strictObject({
    chatId: chatIdSchema,
    afterSeq: seqQuerySchema,
    fromSeq: z
      .number({ error: 'fromSeq must be a whole number' })
      .int('fromSeq must be a whole number')
      .min(0, 'fromSeq must be 0 or more')
      .optional(),
    afterRevision: revisionSchema.optional(),
  })
  .refine((cursor) => cursor.fromSeq === undefined || cursor.fromSeq <= cursor.afterSeq, {
    message: 'fromSeq must not be above afterSeq',
    path: ['fromSeq'],
  });

/** Client → server `sync`: every message after each cursor, oldest first (catch-up). */
export const syncPayloadSchema = z.strictObject({
  cursors: z.array(syncCursorSchema).max(200, 'At most 200 chats at once'),
});
export type SyncPayload = z.infer<typeof syncPayloadSchema>;
export type SyncCursor = z.infer<typeof syncCursorSchema>;

/**
 * The edits and deletions of one chat since a cursor's `afterRevision`, in the order they were
 * made: the messages as they are now. `revision` is the cursor to ask from next time.
 */
export type SyncChanges = { messages: SocialMessage[]; revision: number };

/**
 * `messagesMap`: new messages per chat, oldest first. `changesMap`: for each cursor that gave
 * `afterRevision`, the held messages changed since. `readMap`: for each chat asked for, the
 * highest `seq` the other participants have read, so the viewer's own messages up to it show
 * as read (a `messagesRead` missed while away). `hasMore`: some chat had more messages or
 * changes: ask again from the new cursors.
 */
export type SyncReply = {
  messagesMap: Record<string, SocialMessage[]>;
  changesMap?: Record<string, SyncChanges>;
  /**
   * For each cursor that gave `afterRevision`: the ids of the messages from `fromSeq` to
   * `afterSeq` the viewer deleted for themselves (on another tab or device, maybe).
   */
  hiddenMap?: Record<string, string[]>;
  readMap: Record<string, number>;
  hasMore: boolean;
};

/**
 * Server → client `newChatMessage`: a message the user sent, to their other tabs and devices
 * (the socket that sent it with `sendMessage` has it in its acknowledgement instead).
 */
export type NewChatMessagePayload = { message: SocialMessage };
/**
 * Server → client `new_message`: a message from another participant, to every tab of each
 * receiver, with the receiver's unread count for the chat. It is the receiver's only event for
 * the message: the chat room and the conversation list both take it from here (one frame per
 * message and tab, not two).
 */
export type NewMessageNoticePayload = { chatId: string; unread: number; message: SocialMessage };
/** Server → client `messageUpdated`: an edit or a deletion. */
export type MessageUpdatedPayload = { message: SocialMessage };
/** Server → client `typing`: to sockets that joined the chat, the typist excepted. */
export type TypingNoticePayload = {
  chatId: string;
  userId: string;
  username: string;
  isTyping: boolean;
};
/** Server → client `presence`: a contact came online or went offline. */
export type PresenceNoticePayload = Presence;
/** Server → client `chatUpdated`: the viewer's chat changed (toggles, nickname, read marks). */
export type ChatUpdatedPayload = { chat: SocialChat };
/** Server → client `reactionsUpdated`: a message's reactions changed, to every participant. */
export type ReactionsUpdatedPayload = ReactionsChange;
/** Server → client `messageHidden`: the viewer deleted a message for themselves, to their tabs. */
export type MessageHiddenPayload = MessageHidden;
export type { Reaction };

/** Server → client `messagesRead`: the other participant read up to `lastReadSeq`. */
export type MessagesReadPayload = { chatId: string; userId: string; lastReadSeq: number };
