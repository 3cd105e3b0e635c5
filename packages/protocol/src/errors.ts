import { z } from 'zod';
import { errorCodes, errorReasons, type ErrorCode } from './error-codes';

export { errorCodes, errorReasons, type ErrorCode, type ErrorReason } from './error-codes';

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
