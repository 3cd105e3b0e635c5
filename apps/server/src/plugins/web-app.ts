import { existsSync } from 'node:fs';
import { basename, join, sep } from 'node:path';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import {
  pagePathOf,
  pagePreloadsFile,
  readPagePreloads,
  sessionReadPreload,
} from '../lib/page-preloads';
import { isSignInDocumentUrl } from '../lib/sign-in-document';
import { keepSubresourceHeaders } from './security-headers';
import { sessionCookieName } from './session';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Sends the web app's page for `url`: the sign-in document at the sign-in and registration
     * paths, index.html at any other. False when no built web app is configured.
     */
    sendWebApp(reply: FastifyReply, url: string): boolean;
  }
}

/**
 * The build's scripts, styles and fonts, which a page loads and never opens as a document. Not
 * its workers (`*.worker-*.js`), which run under their script's own policy, nor its SVGs, which
 * are documents when opened alone. The path is the file's sent, its `.br` or `.gz` form included.
 */
const subresource = /\.(?:js|mjs|css|woff2?|ttf)(?:\.br|\.gz)?$/;
const worker = /\.worker\b/;

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
    const preloads = available ? readPagePreloads(root, app.log) : new Map<string, string>();
    app.decorate('sendWebApp', (reply: FastifyReply, url: string) => {
      if (!available) return false;
      const page = hasSignIn && isSignInDocumentUrl(url) ? signInDocument : 'index.html';
      // The session's read and a signed-in page's own scripts, named up front (see
      // lib/page-preloads.ts). Only with a session cookie, not checked (a document load reads
      // no session): a visitor without one is sent on to sign in and would load them for nothing.
      if (reply.request.cookies[sessionCookieName]) {
        const scripts = page === 'index.html' ? preloads.get(pagePathOf(url)) : undefined;
        void reply.header(
          'link',
          scripts ? `${sessionReadPreload}, ${scripts}` : sessionReadPreload,
        );
      }
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
      // the sign-in document is served at its two paths only; the pages' preloads are the
      // server's to read.
      globIgnore: ['**/*.br', '**/*.gz', signInDocument, pagePreloadsFile],
      setHeaders(reply, path) {
        const immutable = path.includes(`${sep}assets${sep}`);
        void reply.header(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        if (immutable && subresource.test(path) && !worker.test(basename(path)))
          keepSubresourceHeaders(reply);
      },
    });
  },
  { name: 'web-app' },
);
