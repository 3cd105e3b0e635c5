import type { Envelope } from '@confab/protocol/envelope';

/** A successful reply of the social API: `{statusCode: 200, data, message?}`. */
export function ok<T>(data: T, message?: string): Envelope<T> {
  return { statusCode: 200, data, ...(message !== undefined && { message }) };
}
