import type { ErrorCode } from '@confab/protocol/errors';

/** A failed call to Confab's server, carrying the server's error reply. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly statusCode: number;
  readonly code: ErrorCode;
  /** Field-level messages keyed by field name, for validation and conflict errors. */
  readonly fields: Readonly<Record<string, string>>;

  constructor(init: {
    statusCode: number;
    code: ErrorCode;
    message: string;
    fields?: Record<string, string>;
  }) {
    super(init.message);
    this.statusCode = init.statusCode;
    this.code = init.code;
    this.fields = init.fields ?? {};
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
