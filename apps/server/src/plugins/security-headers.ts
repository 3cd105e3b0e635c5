import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
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

/**
 * helmet's headers that act only on a document (or a worker, which runs under the policy of its
 * own script): the page's policy, framing, HSTS (which the page's reply already gave), the
 * browsing context's isolation and a few for old browsers. A script or a style the page loads
 * ignores them; over HTTP/1.1 they cost about 600 bytes on each of its dozens of files.
 */
const documentOnlyHeaders = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'strict-transport-security',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * Leaves a subresource's reply (a script, a style, a font) only the headers that act on it:
 * `nosniff`, the cross-origin resource policy and the referrer policy.
 */
export function keepSubresourceHeaders(reply: FastifyReply): void {
  for (const name of documentOnlyHeaders) reply.removeHeader(name);
}
