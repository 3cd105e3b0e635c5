import { randomBytes } from 'node:crypto';
import type { Plugin } from 'vite';

/** `{id, timestamp}` as in `@confab/protocol/builds`; kept local so the build does not load zod. */
export interface BuildMetaJson {
  id: string;
  timestamp: number;
}

export function createBuildMeta(now = Date.now()): BuildMetaJson {
  // The timestamp orders builds for a human reading the files; the random part keeps two builds
  // made in the same millisecond (parallel CI jobs) apart.
  return { id: `${now.toString(36)}-${randomBytes(3).toString('hex')}`, timestamp: now };
}

/**
 * Gives every build an id, compiles it into the app as `__BUILD_ID__` and writes
 * `builds/latest.json` plus `builds/meta/{id}.json`. The running app polls `latest.json`; a
 * different id there means a newer build was deployed. The dev server answers the same two
 * paths so the version check runs unchanged during development.
 */
export function buildMetaPlugin(meta: BuildMetaJson = createBuildMeta()): Plugin {
  const body = JSON.stringify(meta);
  const paths = new Set(['/builds/latest.json', `/builds/meta/${meta.id}.json`]);
  return {
    name: 'confab:build-meta',
    config() {
      return { define: { __BUILD_ID__: JSON.stringify(meta.id) } };
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = req.url?.split('?')[0] ?? '';
        if (!paths.has(path)) return next();
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-store');
        res.end(body);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'builds/latest.json', source: body });
      this.emitFile({ type: 'asset', fileName: `builds/meta/${meta.id}.json`, source: body });
    },
  };
}
