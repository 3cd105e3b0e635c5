import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { buildMetaPlugin } from './build/build-meta-plugin.ts';
import { precompressPlugin } from './build/precompress-plugin.ts';

const serverTarget = `http://127.0.0.1:${process.env.SERVER_PORT || '3000'}`;

const fromHere = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/*
 * react-router's package exports only its development build (warnings included) for every
 * environment (remix-run/react-router#12532, #14753); a production build takes the production
 * files it ships beside them.
 */
const reactRouterDist = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);
const reactRouterProduction = [
  { find: /^react-router$/, replacement: join(reactRouterDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(reactRouterDist, 'dom-export.mjs') },
];

/*
 * The markdown worker has no DOM: the browser build of decode-named-character-reference (how
 * micromark reads `&amp;`-style entities) calls document.createElement, which throws there and
 * stops the worker at load. Workers take the build the package exports for workers.
 */
const entityDecoderForWorkers: Plugin = {
  name: 'entity-decoder-for-workers',
  enforce: 'pre',
  resolveId(source) {
    if (source !== 'decode-named-character-reference') return null;
    return createRequire(import.meta.url).resolve('decode-named-character-reference');
  },
};

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), buildMetaPlugin(), precompressPlugin()],
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${fromHere('./src')}/` },
      ...(command === 'build' ? reactRouterProduction : []),
    ],
  },
  worker: { plugins: () => [entityDecoderForWorkers] },
  server: {
    // Only the API and the socket go to the server; everything else is the app itself. The Host
    // header is passed unchanged (no changeOrigin), so the server's same-origin check accepts
    // requests from the dev origin.
    proxy: {
      '/api': { target: serverTarget },
      '/socket.io': { target: serverTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    // The size check (scripts/initial-js-size.ts) follows the manifest from the entry to the
    // chunks a route needs.
    manifest: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Shared chunks under 16 KB of source (an icon, a dialog, a hook two pages use) are
          // copied into the chunks that use them rather than fetched alone: a page loads a few
          // files instead of dozens, each request paying its headers and on a slow link a
          // round trip. The copies share one module state through the bundler's runtime.
          experimentalInlineCommonChunks: { maxSize: 16 * 1024 },
          groups: [
            {
              // The libraries every page starts with, in one file: split into many small
              // chunks they compress worse (about 4 KB gzip more on the first page).
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|i18next|react-i18next|zustand|use-sync-external-store|clsx)[\\/]/,
            },
            {
              // The rest of what every page starts with (the app's own modules the entry
              // imports): one file rather than a dozen of a few hundred bytes, each paying a
              // request and its headers.
              name: 'app-shell',
              tags: ['$initial'],
            },
          ],
        },
      },
    },
  },
}));
