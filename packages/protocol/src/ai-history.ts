import { z } from 'zod';
import { aiChatMessageSchema, aiChatSchema } from './ai-chat-export';
import { aiPresetListSchema } from './ai-presets';
import { envelope } from './envelope';
import { limits } from './limits';
import { providerNames } from './providers';

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
 * - A message's `parentId` names a message of the same chat, stored or in the same push, and
 *   parents never loop (docs/product.md#versions-and-branches). A parent the account does not
 *   have (never stored, or lost) makes that message `missing-parent`; a parent in another chat
 *   of the account, or a loop, refuses the whole push with 400.
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
  /** GET: the synced provider settings and sealed keys. PUT: replace them (see below). */
  providerSettings: '/api/ai-history/provider-settings',
  /** GET: the account's messages whose prompt or reply holds `q` (ai-history-search.ts). */
  search: '/api/ai-history/search',
} as const;

export const aiHistoryModes = ['synced', 'device'] as const;
export type AiHistoryMode = (typeof aiHistoryModes)[number];

/** Most changes one push may carry (the body limit applies as well). */
export const aiHistoryPushMax = 200;
/** Most message changes one pull returns; `more` says whether another page follows. */
export const aiHistoryPageMax = 1000;
/**
 * Stored message bytes past which a pull page ends early (it holds one message at least):
 * messages keep their prompts' images.
 */
export const aiHistoryPageMaxBytes = 8 * 1024 * 1024;

const id = z.string().min(1).max(limits.idMax);
const revision = z.number().int().min(0);

/** Ids are bounded here: the export schemas accept any id a file holds. */
export const syncedChatSchema = aiChatSchema.extend({ id });
export const syncedMessageSchema = aiChatMessageSchema.extend({
  id,
  chatId: id,
  /** Another message of the same chat that the server has, or that the same push carries. */
  parentId: id.nullable().optional(),
});

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
 * - `full`: the account's storage limit is reached; nothing was stored (`message` says so);
 * - `missing-parent`: the message follows one the server does not have (nor does the push
 *   bring it); it was not stored: the device sends the parent, then it again.
 */
export const aiHistoryPushResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('applied'), revision }),
  z.object({ status: z.literal('stale'), revision, chat: syncedChatSchema }),
  z.object({ status: z.literal('deleted') }),
  z.object({ status: z.literal('full'), message: z.string() }),
  z.object({ status: z.literal('missing-parent'), message: z.string() }),
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

/** The message a pushed message gets when the server lacks the message it follows. */
export const aiHistoryMissingParentMessage =
  'This message follows one the server does not have: send that one first';

/** The message a push gets while the account keeps its AI chats on its devices only. */
export const aiHistoryDeviceOnlyMessage =
  'This account keeps its AI chats on its devices only: turn syncing on to store them on the server';

/**
 * Provider settings synced through the server (docs/product.md#settings-and-key-sync): the
 * stored settings without any API key, and, when the user opts in, the keys sealed in the
 * browser with a passphrase the server never sees. `PUT` replaces the account's copy (the last
 * write wins); `GET` reads it.
 */
/** A provider's settings as synced: everything but `key` and `secret` (strict: those are refused). */
export const syncedProviderSettingsSchema = z
  .object({
    provider: z.enum(providerNames),
    base: z.string().max(2000),
    deploymentId: z.string().max(500),
    model: z.string().max(500),
    modelList: z.array(z.string().max(500)).max(5000),
  })
  .strict();

/** The stored settings as synced: no API key anywhere (a body carrying one is refused). */
export const syncedSettingsSchema = z
  .object({
    modelMapping: z.record(z.string().max(500), z.string().max(500)),
    toolStates: z.record(z.string().max(500), z.boolean()),
    api: z
      .object({
        activeProvider: z.enum(providerNames),
        providers: z.partialRecord(z.enum(providerNames), syncedProviderSettingsSchema),
      })
      .strict(),
    // Optional: clients from before presets send none (docs/product.md#presets).
    presets: aiPresetListSchema.optional(),
  })
  .strict();
export type SyncedSettings = z.infer<typeof syncedSettingsSchema>;

/** Most characters of sealed keys' ciphertext (base64): every provider's key and secret fit. */
export const sealedKeysCiphertextMax = 65_536;
/** Fewest PBKDF2 iterations the server accepts (the web app uses 600,000). */
export const sealedKeysIterationsMin = 100_000;

const base64 = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/);

/**
 * API keys sealed in the browser: JSON of `{provider: {key, secret}}` encrypted with AES-GCM
 * under a key derived from the user's passphrase (PBKDF2-SHA256, `salt`, `iterations`). The
 * server keeps it as sent and cannot open it.
 */
export const sealedKeysSchema = z
  .object({
    version: z.literal(1),
    kdf: z.literal('PBKDF2-SHA256'),
    iterations: z.number().int().min(sealedKeysIterationsMin).max(10_000_000),
    salt: base64(64),
    iv: base64(32),
    ciphertext: base64(sealedKeysCiphertextMax),
  })
  .strict();
export type SealedKeys = z.infer<typeof sealedKeysSchema>;

/** `sealedKeys` omitted: the server's stay; null: they are deleted. */
export const aiSettingsSyncBodySchema = z
  .object({ settings: syncedSettingsSchema, sealedKeys: sealedKeysSchema.nullable().optional() })
  .strict();
export type AiSettingsSyncBody = z.infer<typeof aiSettingsSyncBodySchema>;

export const aiSettingsSyncSchema = z.object({
  settings: syncedSettingsSchema.nullable(),
  sealedKeys: sealedKeysSchema.nullable(),
  /** When the server's copy was last written (ms since the epoch); null when it has none. */
  updatedAt: z.number().int().nullable(),
});
export type AiSettingsSync = z.infer<typeof aiSettingsSyncSchema>;
export const aiSettingsSyncReplySchema = envelope(aiSettingsSyncSchema);

/** Socket event to every tab of the account after its synced settings changed. */
export const aiSettingsChangedPayloadSchema = z.object({ updatedAt: z.number().int() });
export type AiSettingsChangedPayload = z.infer<typeof aiSettingsChangedPayloadSchema>;
