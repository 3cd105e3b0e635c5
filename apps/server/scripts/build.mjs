// Bundles the server into dist/main.js: workspace sources (the protocol package, TypeScript) are
// inlined, npm dependencies stay external, so start-up reads one file and compiles nothing.
import { resolve } from 'node:path';
import { build } from 'esbuild';

const packagesDir = resolve(import.meta.dirname, '../../../packages');

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
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
