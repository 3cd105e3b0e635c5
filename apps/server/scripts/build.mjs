// Bundles the server into dist/main.js, and each program of the write pipeline's threads into a
// file of its own beside it (dist/send-thread.js, dist/checkpointer-thread.js; see
// src/db/write-pipeline/threads.ts): workspace sources (the protocol package, TypeScript) are
// inlined, npm dependencies stay external, so start-up reads one file and compiles nothing.
import { resolve } from 'node:path';
import { build } from 'esbuild';

const packagesDir = resolve(import.meta.dirname, '../../../packages');

await build({
  entryPoints: {
    main: 'src/main.ts',
    'send-thread': 'src/db/write-pipeline/send-thread.ts',
    'checkpointer-thread': 'src/db/write-pipeline/checkpointer-thread.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  plugins: [
    {
      name: 'inline-workspace-packages',
      setup(b) {
        // "@confab/protocol/auth" → packages/protocol/src/auth.ts (the package's "./*" export).
        b.onResolve({ filter: /^@confab\/[^/]+\/.+/ }, (args) => {
          const [, name, ...rest] = args.path.split('/');
          return { path: resolve(packagesDir, name, 'src', `${rest.join('/')}.ts`) };
        });
      },
    },
  ],
  logLevel: 'warning',
});
