import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the web app's index.html, or false when no built web app is configured. */
    sendWebApp(reply: FastifyReply): boolean;
  }
}

/**
 * Serves the built web app. Hashed files under assets/ never change, so browsers keep them a
 * year; everything else (index.html, builds/latest.json) is revalidated on every load so a new
 * deploy is seen at once. The build writes a brotli (`.br`) and a gzip (`.gz`) form beside each
 * file that gains from it; the form the request's Accept-Encoding prefers is sent (br, then
 * gzip, then the file as is), with `Vary: Accept-Encoding` so caches keep them apart.
 */
export const webAppPlugin = fp<{ root: string | null }>(
  async (app, { root }) => {
    const available = root !== null && existsSync(join(root, 'index.html'));
    app.decorate('sendWebApp', (reply: FastifyReply) => {
      if (!available) return false;
      void reply.header('cache-control', 'no-cache').sendFile('index.html');
      return true;
    });
    if (!available) {
      app.log.warn({ root }, 'web app not built; serving the API only (run npm run build)');
      return;
    }
    await app.register(fastifyStatic, {
      root,
      prefix: '/',
      // Routes only for files that exist; every other path falls through to the app's
      // not-found handler, which answers with index.html (the web app's router decides).
      wildcard: false,
      index: false,
      preCompressed: true,
      // The compressed forms are found beside their file, never served under their own name.
      globIgnore: ['**/*.br', '**/*.gz'],
      setHeaders(reply, path) {
        const immutable = path.includes(`${sep}assets${sep}`);
        void reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  },
  { name: 'web-app' },
);
