import { z } from 'zod';
import { aiChatMessageSchema, aiChatSchema } from './ai-chat-export';
import { envelope } from './envelope';
import { limits } from './limits';

/**
 * An account's AI history kept on the server (docs/product.md#ai-history-sync): its AI chats and
 * their messages, synced between the account's devices.
 *
 * - Every chat and message has a client-generated id, unique within the account, and is stored
 *   once however often it is pushed.
 * - Every change the server applies takes the account's next `revision`; a device pulls what
 *   changed after the last revision it has.
 * - Conflicts: messages are append-only (two devices adding to one chat both keep theirs), a
 *   chat's settings and title are replaced only by a push based on the chat's current revision
 *   (otherwise the server's version stands and is sent back), and deletion wins (nothing is
 *   written into a deleted chat or over a deleted message).
 * - An account may keep its AI chats on its devices only (`mode: 'device'`): the server then
 *   holds none of them and refuses pushes.
 */
export const aiHistoryRoutes = {
  /** GET: chat changes after `since` (all of them). POST: push changes. */
  chats: '/api/ai-history/chats',
  /** GET: message changes after `since`, a page at a time. */
  messages: '/api/ai-history/messages',
  /** GET: the account's mode and revision. PUT: change the mode. */
  settings: '/api/ai-history/settings',
  /** GET: the account's messages whose prompt or reply holds `q` (ai-history-search.ts). */
  search: '/api/ai-history/search',
} as const;

export const aiHistoryModes = ['synced', 'device'] as const;
export type AiHistoryMode = (typeof aiHistoryModes)[number];

/** Most changes one push may carry (the body limit applies as well). */
export const aiHistoryPushMax = 200;
/** Most message changes one pull returns; `more` says whether another page follows. */
export const aiHistoryPageMax = 1000;

const id = z.string().min(1).max(limits.idMax);
const revision = z.number().int().min(0);

/** Ids are bounded here: the export schemas accept any id a file holds. */
export const syncedChatSchema = aiChatSchema.extend({ id });
export const syncedMessageSchema = aiChatMessageSchema.extend({ id, chatId: id });

/** One change as the server holds it: a chat or message as it now is, or its deletion. */
export const aiHistoryChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('chat'), revision, chat: syncedChatSchema }),
  z.object({ kind: z.literal('chat-deleted'), revision, id }),
  z.object({ kind: z.literal('message'), revision, message: syncedMessageSchema }),
  z.object({ kind: z.literal('message-deleted'), revision, id, chatId: id }),
]);
export type AiHistoryChange = z.infer<typeof aiHistoryChangeSchema>;

export const aiHistorySettingsSchema = z.object({
  mode: z.enum(aiHistoryModes),
  /** The account's latest revision. */
  revision,
  /** Bytes of AI history the server holds for the account, and the most it may hold. */
  usedBytes: z.number().int().min(0),
  maxBytes: z.number().int().min(0),
});
export type AiHistorySettings = z.infer<typeof aiHistorySettingsSchema>;
export const aiHistorySettingsReplySchema = envelope(aiHistorySettingsSchema);

export const aiHistorySettingsBodySchema = z.object({ mode: z.enum(aiHistoryModes) }).strict();

/** `since`: the last revision the device has (0 for none). */
export const aiHistoryPullQuerySchema = z
  .object({ since: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0) })
  .strict();

export const aiHistoryChatsReplySchema = envelope(
  z.object({
    settings: aiHistorySettingsSchema,
    /** Oldest first; a device that applies them all is at `settings.revision` for chats. */
    changes: z.array(aiHistoryChangeSchema),
  }),
);

export const aiHistoryMessagesReplySchema = envelope(
  z.object({
    changes: z.array(aiHistoryChangeSchema),
    /** Another page follows: pull again after the last change's revision. */
    more: z.boolean(),
  }),
);

/** A change a device pushes: `baseRevision` is the revision of the chat the edit started from. */
export const aiHistoryPushChangeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('chat'), chat: syncedChatSchema, baseRevision: revision }).strict(),
  z.object({ kind: z.literal('chat-deleted'), id }).strict(),
  z.object({ kind: z.literal('message'), message: syncedMessageSchema }).strict(),
  z.object({ kind: z.literal('message-deleted'), id, chatId: id }).strict(),
]);
export type AiHistoryPushChange = z.infer<typeof aiHistoryPushChangeSchema>;

export const aiHistoryPushBodySchema = z
  .object({ changes: z.array(aiHistoryPushChangeSchema).min(1).max(aiHistoryPushMax) })
  .strict();

/**
 * What became of one pushed change, in the order pushed:
 * - `applied`: stored, at `revision`;
 * - `stale`: a chat edit based on an older revision; `chat` is the server's version, kept;
 * - `deleted`: the chat (or message) was deleted; the device deletes its copy;
 * - `full`: the account's storage limit is reached; nothing was stored (`message` says so).
 */
export const aiHistoryPushResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('applied'), revision }),
  z.object({ status: z.literal('stale'), revision, chat: syncedChatSchema }),
  z.object({ status: z.literal('deleted') }),
  z.object({ status: z.literal('full'), message: z.string() }),
]);
export type AiHistoryPushResult = z.infer<typeof aiHistoryPushResultSchema>;

export const aiHistoryPushReplySchema = envelope(
  z.object({ results: z.array(aiHistoryPushResultSchema), revision }),
);

/** Socket event to every tab of the account after its AI history changed. */
export const aiHistoryChangedPayloadSchema = z.object({ revision });
export type AiHistoryChangedPayload = z.infer<typeof aiHistoryChangedPayloadSchema>;

/** The message a push gets when the account's AI history is at its storage limit. */
export const aiHistoryFullMessage = (maxBytes: number) =>
  `AI history storage is full (${Math.floor(maxBytes / (1024 * 1024))} MB): delete some AI chats, or keep them on this device only`;

/** The message a push gets while the account keeps its AI chats on its devices only. */
export const aiHistoryDeviceOnlyMessage =
  'This account keeps its AI chats on its devices only: turn syncing on to store them on the server';
