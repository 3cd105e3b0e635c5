import { join } from 'node:path';
import type { Plugin, Rolldown } from 'vite';

type OutputChunk = Rolldown.OutputChunk;

/** The file the server reads: page path → the files its `Link` header names. */
export const pagePreloadsFile = 'page-preloads.json';

/**
 * Writes page-preloads.json: for each page of `pages` (path → its modules, relative to `root`),
 * the chunks those modules are in and everything those chunks import statically, less what
 * `document`'s own entry already preloads. A module in no chunk fails the build: the table is
 * out of step with the router.
 */
export function pagePreloadPlugin(
  root: string,
  document: string,
  pages: Readonly<Record<string, readonly string[]>>,
): Plugin {
  return {
    name: 'confab:page-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (file): file is OutputChunk => file.type === 'chunk',
      );
      const closure = (start: readonly OutputChunk[]) => {
        const seen = new Set<string>();
        const queue = start.map((chunk) => chunk.fileName);
        for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
          if (seen.has(name)) continue;
          seen.add(name);
          const chunk = bundle[name];
          if (chunk?.type === 'chunk') queue.push(...chunk.imports);
        }
        return seen;
      };
      const entry = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId === document);
      if (!entry) return this.error(`${document} has no entry chunk in this build`);
      const started = closure([entry]);
      const table: Record<string, string[]> = {};
      for (const [path, modules] of Object.entries(pages)) {
        const own = modules.map((module) => {
          const id = join(root, module);
          const chunk = chunks.find((c) => c.facadeModuleId === id) ?? chunkHolding(chunks, id);
          if (!chunk) return this.error(`${module} (preloaded for ${path}) is in no chunk`);
          return chunk;
        });
        table[path] = [...closure(own)]
          .filter((name) => !started.has(name))
          .map((name) => `/${name}`);
      }
      this.emitFile({
        type: 'asset',
        fileName: pagePreloadsFile,
        source: `${JSON.stringify(table, null, 2)}\n`,
      });
    },
  };
}

function chunkHolding(chunks: readonly OutputChunk[], id: string): OutputChunk | undefined {
  return chunks.find((chunk) => chunk.moduleIds.includes(id));
}
