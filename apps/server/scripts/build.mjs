// Bundles the server into dist/main.js: workspace sources (the protocol package) are inlined,
// npm dependencies stay external, so start-up reads one file instead of compiling TypeScript.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  packages: 'external',
  // The protocol package is TypeScript source; bundle it rather than import it at run time.
  alias: {},
  plugins: [
    {
      name: 'inline-workspace',
      setup(b) {
        b.onResolve({ filter: /^@confab\// }, (args) => ({
          path: new URL(
            `../../../packages/${args.path.split('/')[1]}/src/${args.path.split('/').slice(2).join('/')}.ts`,
            import.meta.url,
          ).pathname,
        }));
      },
    },
  ],
  logLevel: 'warning',
});
