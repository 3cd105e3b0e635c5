import { errorCodes, type ErrorCode, type ErrorReason } from '@confab/protocol/error-codes';
import { isApiError } from './api-error';
import { i18n } from './i18n/i18n';

/**
 * What the interface says about a failed call, in the interface's language
 * (docs/product.md#error-texts): the text of the error's reason, else of its code. The server's
 * own message is English (and a log's words), so it is never shown. Anything that is not an
 * `ApiError` (a bug, a thrown TypeError) reads as the generic failure.
 */
export function errorText(error: unknown): string {
  const failure = errorParts(error);
  if (failure.reason) return i18n.t(`common:serverErrors.reasons.${failure.reason}`);
  return i18n.t(`common:serverErrors.codes.${failure.code}`);
}

/** An error reply's code and reason, from an `ApiError` or a socket acknowledgement's error. */
function errorParts(error: unknown): { code: ErrorCode; reason?: ErrorReason } {
  if (isApiError(error)) return { code: error.code, reason: error.reason };
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const { code, reason } = error as { code: unknown; reason?: ErrorReason };
    if ((errorCodes as readonly unknown[]).includes(code)) {
      return { code: code as ErrorCode, reason };
    }
  }
  return { code: 'INTERNAL_ERROR' };
}
