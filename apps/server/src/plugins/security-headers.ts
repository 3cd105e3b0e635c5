import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's headers on every reply. They depend on the options alone, so helmet runs once, at
 * start, and each reply is given the headers it set: running helmet's dozen middlewares on every
 * request cost a REST send about as much as reading its session. Every reply goes through
 * Fastify's `reply.send` (none is hijacked), which writes them.
 */
export const securityHeadersPlugin = fp<HelmetOptions>(
  (app, options, done) => {
    const headers = Object.fromEntries(helmetHeaders(options));
    app.addHook('onRequest', (_request, reply, next) => {
      // Reply headers, not the raw response's: Node checks a header set on the response each
      // time it is set, and those of the reply once, when they are written.
      reply.headers(headers);
      next();
    });
    done();
  },
  { name: 'security-headers' },
);

/** The headers helmet sets with these options, in its order. */
export function helmetHeaders(options: HelmetOptions): [string, string][] {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name, String(value));
    },
    removeHeader(name: string) {
      headers.delete(name);
    },
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw new Error('helmet refused its options', { cause: failure });
  return [...headers];
}
