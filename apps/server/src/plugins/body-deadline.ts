import { PassThrough } from 'node:stream';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route reads its body as a stream (an upload): no total time, only the connection's
     * idle timeout, so a large file may take long while its bytes keep coming.
     */
    streamedBody?: boolean;
  }
}

/**
 * Slow bodies. A body parsed by the app (JSON, at most 1 MiB) must arrive within `timeoutMs`
 * or the request is refused with 408, so a client trickling bytes cannot hold a connection
 * for long. And a reply sent before its request's body arrived (a refusal) closes the
 * connection: the rest of the body is not waited for.
 */
export const bodyDeadlinePlugin = fp<{ timeoutMs: number }>(
  (app, { timeoutMs }, done) => {
    app.addHook('preParsing', async (request, reply, payload) => {
      if (request.raw.complete || request.routeOptions.config.streamedBody) return payload;
      const guarded = new PassThrough();
      const timer = setTimeout(() => {
        void reply.header('connection', 'close');
        guarded.destroy(
          new AppError(408, 'TIMEOUT', 'The request body took too long to arrive; send it again'),
        );
      }, timeoutMs);
      const stop = () => clearTimeout(timer);
      payload.once('end', stop);
      payload.once('close', stop);
      reply.raw.once('close', stop);
      payload.pipe(guarded);
      return guarded;
    });
    app.addHook('onSend', async (request, reply) => {
      if (!request.raw.complete) void reply.header('connection', 'close');
    });
    done();
  },
  { name: 'body-deadline' },
);
