import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import { isSignInDocumentUrl } from '../lib/sign-in-document';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Sends the web app's page for `url`: the sign-in document at the sign-in and registration
     * paths, index.html at any other. False when no built web app is configured.
     */
    sendWebApp(reply: FastifyReply, url: string): boolean;
  }
}

/** The sign-in and registration pages: a document of their own, without the app's router. */
const signInDocument = 'sign-in.html';

/**
 * Serves the built web app. Hashed files under assets/ never change, so browsers keep them a
 * year; everything else (index.html, sign-in.html, builds/latest.json) is revalidated on every
 * load so a new
 * deploy is seen at once. The build writes a brotli (`.br`) and a gzip (`.gz`) form beside each
 * file that gains from it; the form the request's Accept-Encoding prefers is sent (br, then
 * gzip, then the file as is), with `Vary: Accept-Encoding` so caches keep them apart.
 */
export const webAppPlugin = fp<{ root: string | null }>(
  async (app, { root }) => {
    const available = root !== null && existsSync(join(root, 'index.html'));
    const hasSignIn = root !== null && existsSync(join(root, signInDocument));
    app.decorate('sendWebApp', (reply: FastifyReply, url: string) => {
      if (!available) return false;
      const page = hasSignIn && isSignInDocumentUrl(url) ? signInDocument : 'index.html';
      void reply.header('cache-control', 'no-cache').sendFile(page);
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
      // The compressed forms are found beside their file, never served under their own name;
      // the sign-in document is served at its two paths only.
      globIgnore: ['**/*.br', '**/*.gz', signInDocument],
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
