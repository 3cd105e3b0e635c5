import { z } from 'zod';
import { contentTypeSchema } from './social-chat';

/**
 * Web Push (docs/product.md#web-push): the server's VAPID public key, and one subscription per
 * device of the signed-in user, so notifications arrive with no tab open.
 */
export const pushApiPaths = {
  /** GET: `{ publicKey }`, the server's VAPID key (base64url, uncompressed P-256 point). */
  key: '/api/push/key',
  /** POST a subscription (201), DELETE one by its endpoint. */
  subscriptions: '/api/push/subscriptions',
} as const;

export const pushLimits = {
  /** Devices (subscriptions) one account keeps; the oldest goes when a new one comes past it. */
  subscriptionsPerUser: 10,
  endpointMaxChars: 2048,
  /** The push services' limit on an encrypted payload is 4 KB; the server stays well under. */
  payloadMaxBytes: 3072,
} as const;

const base64url = (what: string, bytes: number) =>
  z
    .string({ error: `${what} must be base64url text` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} must be base64url text`)
    // Unpadded base64url of n bytes is ceil(4n / 3) characters.
    .refine(
      (value) => value.replace(/=+$/, '').length === Math.ceil((4 * bytes) / 3),
      `${what} must be ${bytes} bytes`,
    );

export const pushEndpointSchema = z
  .url({ error: 'The endpoint must be a URL', protocol: /^https?$/ })
  .max(
    pushLimits.endpointMaxChars,
    `The endpoint must be at most ${pushLimits.endpointMaxChars} characters`,
  );

/** A PushSubscription as the browser's `toJSON()` gives it. */
export const pushSubscriptionBodySchema = z.strictObject({
  endpoint: pushEndpointSchema,
  expirationTime: z.number().int().nonnegative().nullable().optional(),
  keys: z.strictObject({
    /** The device's P-256 public key: 65 bytes, uncompressed. */
    p256dh: base64url('keys.p256dh', 65),
    /** The shared authentication secret: 16 bytes. */
    auth: base64url('keys.auth', 16),
  }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const pushUnsubscribeBodySchema = z.strictObject({ endpoint: pushEndpointSchema });

export const pushKeyReplySchema = z.object({ publicKey: z.string() });
export type PushKeyReply = z.infer<typeof pushKeyReplySchema>;

export const pushOkReplySchema = z.object({ ok: z.literal(true) });

/**
 * What a push carries (under the push services' 4 KB): who and which chat, and an excerpt of
 * the message, never more of it. The service worker words the notification in the browser's
 * language (the server does not know the user's).
 */
export const pushPayloadSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('message'),
    chatId: z.string(),
    sender: z.string(),
    contentType: contentTypeSchema,
    /** The text's start, or the file's name. */
    excerpt: z.string(),
  }),
  z.object({ kind: z.literal('request'), contactId: z.string(), sender: z.string() }),
]);
export type PushPayload = z.infer<typeof pushPayloadSchema>;

/** docs/product.md#notifications: characters of a message a notification shows at most. */
export const pushExcerptMaxChars = 120;
