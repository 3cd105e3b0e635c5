import type { ErrorCode, ErrorReason } from '@confab/protocol/error-codes';

/** A failed call to Confab's server, carrying the server's error reply. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly statusCode: number;
  readonly code: ErrorCode;
  /** Field-level messages keyed by field name, for validation and conflict errors. */
  readonly fields: Readonly<Record<string, string>>;
  /** The finer reason the interface has its own text for (see `lib/error-text`). */
  readonly reason: ErrorReason | undefined;

  constructor(init: {
    statusCode: number;
    code: ErrorCode;
    message: string;
    fields?: Record<string, string>;
    reason?: ErrorReason;
  }) {
    super(init.message);
    this.statusCode = init.statusCode;
    this.code = init.code;
    this.fields = init.fields ?? {};
    this.reason = init.reason;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
