import { z } from 'zod';

/** The social API's base path (docs/product.md#envelope): its paths below are relative to it. */
export const socialApiBase = '/api';

/**
 * The social API's reply envelope: `{statusCode, data, message?}` with the same status as the
 * HTTP reply. Errors use `ErrorReply` from ./errors (statusCode, code, message).
 */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    statusCode: z.number().int(),
    data,
    message: z.string().optional(),
  });
}
export type Envelope<T> = { statusCode: number; data: T; message?: string };
