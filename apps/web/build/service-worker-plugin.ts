import { readdir } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'vite';
import { precachedFiles } from '../src/lib/pwa/precache-files.ts';

const workerEntry = fileURLToPath(new URL('../sw/service-worker.ts', import.meta.url));

async function publicFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { withFileTypes: true, recursive: true });
    return entries
      .filter((entry) => entry.isFile())
      .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/'));
  } catch {
    return [];
  }
}

/**
 * Builds `sw.js` (sw/service-worker.ts) with this build's id and the list of its files to keep
 * offline compiled in: the documents, every hashed asset, the public files (icons, manifest).
 * A new build has a new id and list, so the browser installs the new worker, which replaces
 * the old build's cache. Emitted into the bundle, so the compressed forms are written for it too.
 */
export function serviceWorkerPlugin(buildId: string): Plugin {
  let publicDir = '';
  return {
    name: 'confab:service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      publicDir = config.publicDir;
    },
    async generateBundle(_options, bundle) {
      const names = new Set([
        ...Object.keys(bundle),
        ...(await publicFiles(publicDir)),
        'index.html',
        'sign-in.html',
      ]);
      const precache = precachedFiles(names).map((name) => `/${name}`);
      const result = await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        define: {
          __SW_BUILD_ID__: JSON.stringify(buildId),
          __SW_PRECACHE__: JSON.stringify(precache),
        },
        build: {
          write: false,
          minify: true,
          target: 'es2022',
          lib: { entry: workerEntry, formats: ['iife'], name: 'confabServiceWorker' },
          rolldownOptions: { output: { entryFileNames: 'sw.js' } },
        },
      });
      const outputs = Array.isArray(result) ? result : [result];
      const chunk = outputs
        .flatMap((output) => ('output' in output ? output.output : []))
        .find((file) => file.type === 'chunk');
      if (!chunk || chunk.type !== 'chunk') throw new Error('The service worker did not build');
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: chunk.code });
    },
  };
}
