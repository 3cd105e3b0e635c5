import { envelope, socialApiBase, type Envelope } from '@confab/protocol/envelope';
import type { z } from 'zod';
import { apiFetch } from '../api-client';
import { isApiError } from '../api-error';

/** docs/product.md#ui-timings: the social API's timeout and retry policy. */
export const socialApiSettings = {
  timeoutMs: 30_000,
  retries: 3,
  /** The wait before retry n is n times this. */
  retryBaseDelayMs: 1000,
} as const;

export interface SocialRequestOptions<T extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** The schema of the envelope's `data`. */
  data: T;
  signal?: AbortSignal;
}

/**
 * Only failures that a second try can fix are retried: no answer (network, timeout) or a
 * server error. A 4xx is the server's considered answer and is never sent again.
 */
export function isRetryable(error: unknown): boolean {
  if (!isApiError(error)) return false;
  return error.statusCode === 0 || error.statusCode >= 500;
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Calls the social API (`/api` + `path`) and reads its `{statusCode, data, message}` envelope,
 * checking `data` against the contract. Failures are `ApiError`s carrying the server's error
 * reply (its message starts with the operation's fixed failure text).
 */
export async function socialRequest<T extends z.ZodType>(
  path: string,
  options: SocialRequestOptions<T>,
): Promise<Envelope<z.output<T>>> {
  const schema = envelope(options.data);
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await apiFetch(`${socialApiBase}${path}`, {
        method: options.method ?? 'GET',
        body: options.body,
        signal: options.signal,
        timeoutMs: socialApiSettings.timeoutMs,
        parse: (json) => schema.parse(json) as Envelope<z.output<T>>,
      });
    } catch (error) {
      if (attempt >= socialApiSettings.retries || !isRetryable(error)) throw error;
      await wait(socialApiSettings.retryBaseDelayMs * (attempt + 1), options.signal);
    }
  }
}
