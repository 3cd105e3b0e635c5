import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { buildMetaPlugin, createBuildMeta } from './build/build-meta-plugin.ts';
import { entryClosurePlugin } from './build/entry-closure-plugin.ts';
import { pagePreloadPlugin } from './build/page-preload-plugin.ts';
import { precompressPlugin } from './build/precompress-plugin.ts';
import { serviceWorkerPlugin } from './build/service-worker-plugin.ts';
import { signInDocumentPlugin } from './build/sign-in-document-plugin.ts';
import { pagePreloads } from './src/app/router/page-preloads.ts';

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

const documents = { app: fromHere('./index.html'), signIn: fromHere('./sign-in.html') };
const entryClosure = entryClosurePlugin(documents);
// One id for the version check and the service worker's cache.
const buildMeta = createBuildMeta();

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    tailwindcss(),
    buildMetaPlugin(buildMeta),
    serviceWorkerPlugin(buildMeta.id),
    precompressPlugin(),
    signInDocumentPlugin(),
    entryClosure.plugin,
    pagePreloadPlugin(fromHere('.'), documents.app, pagePreloads),
  ],
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
      // Two documents: the app (index.html) and the sign-in and registration pages
      // (sign-in.html, src/sign-in-main.tsx), which load neither the router nor the query library.
      input: { index: documents.app, 'sign-in': documents.signIn },
      output: {
        codeSplitting: {
          // Shared chunks under 16 KB of source (an icon, a dialog, a hook two pages use) are
          // copied into the chunks that use them rather than fetched alone: a page loads a few
          // files instead of dozens, each request paying its headers and on a slow link a
          // round trip. The copies share one module state through the bundler's runtime.
          experimentalInlineCommonChunks: { maxSize: 16 * 1024 },
          groups: [
            {
              // The libraries both documents start with, in one file: split into many small
              // chunks they compress worse (about 4 KB gzip more on the first page).
              name: 'react',
              test: /node_modules[\\/](react|react-dom|scheduler|i18next|react-i18next|zustand|use-sync-external-store|clsx)[\\/]/,
            },
            {
              // The libraries only the app starts with: the sign-in page goes without them.
              name: 'vendor',
              test: /node_modules[\\/](react-router|@tanstack[\\/](query-core|react-query))[\\/]/,
            },
            {
              // The app's own modules both documents start with (i18n, colour mode, the API
              // client, the guard, ...). Not the icons: the icon library's index imports every
              // icon, so each would count as loaded by both; icons go with the code using them.
              name: 'shell',
              test: (id) =>
                entryClosure.loads('app', id) &&
                entryClosure.loads('signIn', id) &&
                !/node_modules[\\/]lucide-react[\\/]/.test(id),
              // Only what the test names: following imports would pull in every icon the app
              // uses anywhere (through the icons' index).
              includeDependenciesRecursively: false,
            },
            {
              // The rest of what the app starts with (the app's own modules its entry imports):
              // one file rather than a dozen of a few hundred bytes, each paying a request and
              // its headers. What only the sign-in page starts with stays in its entry chunk.
              name: 'app-shell',
              tags: ['$initial'],
              test: (id) => !entryClosure.loads('signIn', id),
              // As above: the icons of the error page would otherwise bring the icons' index,
              // and with it the sign-in page's icons, into this chunk.
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
}));
