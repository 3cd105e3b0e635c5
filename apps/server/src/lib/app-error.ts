import type { ErrorCode, ErrorReason } from '@confab/protocol/errors';

/**
 * An error meant for the client: its status, stable code and message are sent as they are.
 * Anything else thrown becomes a 500 whose message is never shown.
 */
export class AppError extends Error {
  /** The finer reason the web app shows its own text for (see `errorReasons`). */
  reason?: ErrorReason;

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** For 429: seconds until the client may try again, sent as `retry-after`. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** Tags the error with a reason; returns it, for `throw notFound(...).because(...)`. */
  because(reason: ErrorReason): this {
    this.reason = reason;
    return this;
  }
}

export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'VALIDATION_ERROR', message, fields);
export const unauthenticated = (message = 'Sign in to continue') =>
  new AppError(401, 'UNAUTHENTICATED', message);
export const forbidden = (message = 'You are not allowed to do this') =>
  new AppError(403, 'FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError(404, 'NOT_FOUND', message);
export const conflict = (message: string, fields?: Record<string, string>) =>
  new AppError(409, 'CONFLICT', message, fields);
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'RATE_LIMITED', message, undefined, Math.max(1, Math.ceil(retryAfterSeconds)));
