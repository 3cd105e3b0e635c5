import { errorReasons, type ErrorCode, type ErrorReason } from '@confab/protocol/error-codes';
import type { ErrorReply } from '@confab/protocol/errors';
import { ApiError } from './api-error';

/** docs/product.md#ui-timings: API requests give up after 5 s. */
export const apiTimeoutMs = 5000;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions<T> {
  method?: Method;
  /** Sent as JSON, or as its bytes with its own type when it is a Blob. */
  body?: unknown;
  /**
   * Checks and types the reply, throwing when it is not what the contract says (a protocol
   * schema's `parse`, for instance). Without it the reply body is ignored.
   */
  parse?: (json: unknown) => T;
  timeoutMs?: number;
  signal?: AbortSignal;
}

const statusCodes: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'TIMEOUT',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
  504: 'TIMEOUT',
};

function codeForStatus(status: number): ErrorCode {
  return statusCodes[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'REQUEST_ERROR');
}

/**
 * The server's `{statusCode, code, message, fields?}` error reply, read by hand: the API client
 * serves the first page, which must not wait for the schema library. A code the protocol does
 * not list yet (a newer server) still reaches callers, which also see the HTTP status.
 */
function readErrorReply(json: unknown): ErrorReply | null {
  if (typeof json !== 'object' || json === null) return null;
  const { statusCode, code, message, fields, reason } = json as Record<string, unknown>;
  if (typeof statusCode !== 'number' || typeof code !== 'string' || typeof message !== 'string') {
    return null;
  }
  const fieldMessages =
    typeof fields === 'object' && fields !== null
      ? Object.fromEntries(
          Object.entries(fields).filter((entry): entry is [string, string] => {
            return typeof entry[1] === 'string';
          }),
        )
      : undefined;
  return {
    statusCode,
    code: code as ErrorCode,
    message,
    fields: fieldMessages,
    // A reason this version does not know is left out: the code's text is shown instead.
    ...(typeof reason === 'string' &&
      (errorReasons as readonly string[]).includes(reason) && { reason: reason as ErrorReason }),
  };
}

/** An error page from a proxy can be a whole HTML document; the start is enough. */
const maxErrorTextLength = 200;

async function errorFromResponse(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    const detail = (text.trim() || response.statusText).slice(0, maxErrorTextLength);
    return new ApiError({
      statusCode: response.status,
      code: codeForStatus(response.status),
      message: `HTTP ${response.status}: ${detail}`,
    });
  }
  const reply = readErrorReply(json);
  if (reply) return new ApiError(reply);
  // JSON that is not our error shape (a proxy's or a framework's): keep its message if it has one.
  const message =
    typeof json === 'object' &&
    json !== null &&
    'message' in json &&
    typeof json.message === 'string'
      ? json.message
      : `HTTP ${response.status}: ${response.statusText}`;
  return new ApiError({
    statusCode: response.status,
    code: codeForStatus(response.status),
    message,
  });
}

/**
 * Calls Confab's own server: same-origin cookies, JSON both ways, a timeout, and every failure
 * turned into an `ApiError` (a timeout into code TIMEOUT, a network failure into REQUEST_ERROR,
 * both with status 0). Aborting through `signal` rejects with the caller's abort reason.
 */
export async function apiFetch<T = void>(
  path: string,
  options: ApiRequestOptions<T> = {},
): Promise<T> {
  const { method = 'GET', body, parse, timeoutMs = apiTimeoutMs, signal } = options;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const forwardAbort = () => controller.abort(signal?.reason);
  signal?.addEventListener('abort', forwardAbort, { once: true });

  try {
    let response: Response;
    try {
      response = await fetch(path, {
        method,
        credentials: 'same-origin',
        headers: {
          Accept: 'application/json',
          ...(body === undefined
            ? {}
            : { 'Content-Type': body instanceof Blob ? body.type : 'application/json' }),
        },
        // A Blob (a picture) goes as its bytes; anything else as JSON.
        body: body === undefined ? undefined : body instanceof Blob ? body : JSON.stringify(body),
        signal: controller.signal,
      });
    } catch (error) {
      if (timedOut) {
        throw new ApiError({
          statusCode: 0,
          code: 'TIMEOUT',
          message: `No answer from the server within ${timeoutMs / 1000} s`,
        });
      }
      if (signal?.aborted) throw error;
      throw new ApiError({
        statusCode: 0,
        code: 'REQUEST_ERROR',
        message: error instanceof Error ? error.message : 'Network error',
      });
    }

    if (!response.ok) throw await errorFromResponse(response);
    if (!parse) return undefined as T;

    try {
      return parse(await response.json());
    } catch {
      throw new ApiError({
        statusCode: response.status,
        code: 'REQUEST_ERROR',
        message: 'Unexpected reply from the server',
      });
    }
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', forwardAbort);
  }
}
