import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * helmet's headers on every reply. helmet's middleware is built once here: the Fastify wrapper
 * builds it again on every request (its options parsed, the CSP directives included), which
 * cost a REST send more than its session lookup.
 */
export const securityHeadersPlugin = fp<HelmetOptions>(
  (app, options, done) => {
    const setHeaders = helmet(options);
    app.addHook('onRequest', (request, reply, next) => {
      setHeaders(request.raw, reply.raw, (error?: unknown) => next(error as Error | undefined));
    });
    done();
  },
  { name: 'security-headers' },
);
