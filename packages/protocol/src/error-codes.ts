// The codes and reasons alone, with no schema: the web app's first chunk reads them, and a zod
// schema beside them would bring all of zod with it (zod's builders cannot be tree-shaken).

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
