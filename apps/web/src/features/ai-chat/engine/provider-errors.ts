/**
 * Errors of a model call as a user sees them (docs/product.md#provider-errors). Every error a chat
 * can end with becomes a ChatFailure: an HTTP-like code (500 unless the provider said otherwise)
 * and a message.
 */
import type { ProviderName } from '@confab/protocol/providers';
import { APICallError } from 'ai';

export interface ChatFailure {
  code: number;
  message: string;
}

/** docs/product.md#provider-errors by status, used when the server gives no message. */
export function statusMessage(status: number): string {
  switch (status) {
    case 400:
      return 'Bad request';
    case 401:
      return 'Invalid authentication, please ensure the API key used is correct';
    case 403:
      return 'Permission denied, please confirm your authority before try again.';
    case 404:
    case 409:
    case 429:
    case 500:
      return 'The server had an error while processing your request';
    case 503:
      return 'The engine is currently overloaded, please try again later';
    default:
      return 'Unknown error';
  }
}

/** Thrown by the guarded fetch when nothing answers at the address (or the browser refused it). */
export class ProviderUnreachableError extends Error {
  override readonly name = 'ProviderUnreachableError';
  constructor(
    readonly url: string,
    readonly provider: ProviderName,
  ) {
    super(`Cannot reach ${url}`);
  }
}

/** Thrown by the guarded fetch when a 2xx reply is a web page instead of the API's JSON. */
export class UnexpectedContentError extends Error {
  override readonly name = 'UnexpectedContentError';
  constructor(
    readonly url: string,
    readonly contentType: string,
  ) {
    super(`${url} answered with ${contentType || 'an unknown content type'}`);
  }
}

/** docs/product.md#provider-errors: 'Invalid provider' (a provider the engine does not know). */
export class InvalidProviderError extends Error {
  override readonly name = 'InvalidProviderError';
  constructor() {
    super('Invalid provider');
  }
}

/** Thrown when a chat is sent with settings that cannot work (bad base URL, no model, ...). */
export class ChatSetupError extends Error {
  override readonly name = 'ChatSetupError';
}

/** The message inside a provider's error body: `{error: {message}}`, `{error: "..."}` or `{message}`. */
export function serverMessage(body: string | undefined): string | undefined {
  if (!body?.trim()) return undefined;
  try {
    const data = JSON.parse(body) as unknown;
    if (data && typeof data === 'object') {
      const record = data as { error?: unknown; message?: unknown };
      if (typeof record.error === 'string' && record.error.trim()) return record.error;
      if (record.error && typeof record.error === 'object') {
        const message = (record.error as { message?: unknown }).message;
        if (typeof message === 'string' && message.trim()) return message;
      }
      if (typeof record.message === 'string' && record.message.trim()) return record.message;
    }
  } catch {
    // Not JSON (an HTML error page, a proxy's text): not a message meant for the user.
  }
  return undefined;
}

function isLocalAddress(url: string): boolean {
  try {
    const { hostname } = new URL(url);
    return (
      hostname === 'localhost' ||
      hostname === '[::1]' ||
      hostname.startsWith('127.') ||
      hostname.endsWith('.local')
    );
  } catch {
    return false;
  }
}

function unreachableMessage(error: ProviderUnreachableError, origin: string | undefined): string {
  const where = (() => {
    try {
      const url = new URL(error.url);
      return `${url.protocol}//${url.host}`;
    } catch {
      return error.url;
    }
  })();
  // The OLLAMA_ORIGINS hint is for Ollama only: an OpenAI-compatible server on this machine
  // (LM Studio, vLLM, llama.cpp) has its own way of allowing the app's origin.
  if (error.provider === 'Ollama') {
    return (
      `Cannot reach the model server at ${where}. Check that Ollama is running there. ` +
      `A browser may only call it when it allows this app's origin: start Ollama with ` +
      `OLLAMA_ORIGINS=${origin ?? '<this site>'} (or add this origin to OLLAMA_ORIGINS) and try again.`
    );
  }
  if (isLocalAddress(error.url)) {
    return `Cannot reach ${where}. Check that the server is running there and allows this site (CORS), and the API base in the settings.`;
  }
  return `Cannot reach ${where}. Check the API base in the settings and your network connection.`;
}

export function isAbortError(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'AbortError' ||
      error.name === 'ResponseAborted' ||
      error.name === 'TimeoutError')
  );
}

/** Any error of a chat call → the failure a user sees. */
export function toChatFailure(
  error: unknown,
  context: { provider: ProviderName; origin?: string },
): ChatFailure {
  if (error instanceof ProviderUnreachableError) {
    return { code: 503, message: unreachableMessage(error, context.origin) };
  }
  if (error instanceof UnexpectedContentError) {
    return {
      code: 502,
      message: `${error.url} answered with a web page instead of the API's JSON; verify your API base.`,
    };
  }
  if (error instanceof InvalidProviderError || error instanceof ChatSetupError) {
    return { code: 400, message: error.message };
  }
  if (APICallError.isInstance(error)) {
    const status = error.statusCode;
    if (status === undefined || (status >= 200 && status < 300)) {
      // Sent, but the reply broke off or could not be read.
      return { code: 500, message: connectionMessage(error) };
    }
    const fromServer = serverMessage(error.responseBody);
    if (context.provider === 'Ollama') {
      return {
        code: status,
        message: `Ollama API error: ${status}${fromServer ? ` (${fromServer})` : ''}`,
      };
    }
    if (status === 404 && !error.responseBody?.trim()) {
      return { code: 404, message: `${error.url} not found, verify your API base.` };
    }
    return { code: status, message: fromServer ?? statusMessage(status) };
  }
  if (error instanceof Error) {
    // A chunk carrying `{error: {message}}` arrives with that message (product.md#provider-errors).
    const message = error.message.trim();
    if (error.name === 'AI_JSONParseError' || error.name === 'AI_TypeValidationError') {
      return { code: 500, message: 'Something went wrong' };
    }
    if (isNetworkCut(error)) {
      return { code: 500, message: 'The connection was cut before the reply was complete.' };
    }
    return { code: 500, message: message || 'Something went wrong' };
  }
  if (error && typeof error === 'object' && 'message' in error) {
    const message = error.message;
    if (typeof message === 'string' && message) return { code: 500, message };
  }
  return { code: 500, message: 'Something went wrong' };
}

function connectionMessage(error: APICallError): string {
  return isNetworkCut(error)
    ? 'The connection was cut before the reply was complete.'
    : error.message || 'Something went wrong';
}

function codeOf(error: Error): string {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : '';
}

/** A reply that stopped arriving: the socket closed mid-body (browsers and Node word it apart). */
function isNetworkCut(error: Error): boolean {
  const cause = (error as { cause?: unknown }).cause;
  const causeText =
    cause instanceof Error
      ? `${cause.name} ${cause.message} ${codeOf(cause)}`
      : typeof cause === 'string'
        ? cause
        : '';
  const text = `${error.name} ${error.message} ${causeText}`;
  return /network error|terminated|socket|ECONNRESET|other side closed|premature close|Failed to fetch|fetch failed|network/i.test(
    text,
  );
}
