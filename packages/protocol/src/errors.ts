import { z } from 'zod';

/**
 * Stable error codes. The web app switches on these, never on message text, so messages can be
 * translated or reworded without breaking clients.
 */
export const errorCodes = [
  'VALIDATION_ERROR',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  /** 413: the upload would take the user's stored files past their quota. */
  'QUOTA_EXCEEDED',
  'UNSUPPORTED_MEDIA_TYPE',
  'BAD_GATEWAY',
  'SERVICE_UNAVAILABLE',
  /**
   * 503: the server cannot reach its database right now (a lost connection, an outage); nothing
   * was stored. Try again after `retryAfter` seconds.
   */
  'DATABASE_UNAVAILABLE',
  'TIMEOUT',
  /** 507: the server is short of disk space and takes no files for now. */
  'INSUFFICIENT_STORAGE',
  'REQUEST_ERROR',
  'INTERNAL_ERROR',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

/**
 * Finer than a code, where the web app shows a different text for each (docs/product.md#error-texts):
 * the reason a friend request or a profile change was refused. Optional in every error reply.
 */
export const errorReasons = [
  'CONTACT_SELF',
  'CONTACT_UNKNOWN',
  'CONTACT_ALREADY_SENT',
  'CONTACT_ALREADY_FRIENDS',
  'CONTACT_BLOCKED_BY_YOU',
  'AVATAR_NOT_IMAGE',
  'AVATAR_TOO_LARGE',
  /** 403: asking AI in a chat needs both participants' "AI in this chat" on. */
  'AI_CONSENT_OFF',
] as const;
export type ErrorReason = (typeof errorReasons)[number];

/** Every error reply of every route: the HTTP status is repeated in the body. */
export const errorReplySchema = z.object({
  statusCode: z.number().int(),
  code: z.enum(errorCodes),
  message: z.string(),
  /** Field-level messages for validation errors, keyed by the dotted path of the field. */
  fields: z.record(z.string(), z.string()).optional(),
  /**
   * For 429 and 503: seconds until the client may try again (REST also sends it as
   * `retry-after`).
   */
  retryAfter: z.number().int().positive().optional(),
  reason: z.enum(errorReasons).optional(),
});
export type ErrorReply = z.infer<typeof errorReplySchema>;

/** The fixed text of an error whose code says it all; the server sends it as the message. */
export const errorMessages = {
  DATABASE_UNAVAILABLE: 'The server cannot reach its database right now; try again in a moment',
} as const satisfies Partial<Record<ErrorCode, string>>;

/** Seconds a client waits before trying again after DATABASE_UNAVAILABLE. */
export const databaseRetryAfterSeconds = 2;
