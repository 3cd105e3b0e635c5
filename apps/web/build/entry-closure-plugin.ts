import type { Plugin } from 'vite';

/**
 * The modules each entry loads before it runs (itself and its static imports, transitively),
 * known once the modules are parsed: the chunk groups of vite.config.ts read them to keep what
 * the sign-in page loads apart from what only the app loads. `entries` maps a name to the
 * entry's module id (an HTML page's absolute path).
 */
export function entryClosurePlugin<Name extends string>(entries: Record<Name, string>) {
  const closures = new Map<Name, Set<string>>();
  const plugin: Plugin = {
    name: 'confab:entry-closure',
    buildEnd() {
      for (const [name, start] of Object.entries(entries) as [Name, string][]) {
        if (!this.getModuleInfo(start)) throw new Error(`${start} is not a module of this build`);
        const seen = new Set<string>();
        const queue = [start];
        for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
          if (seen.has(id)) continue;
          seen.add(id);
          queue.push(...(this.getModuleInfo(id)?.importedIds ?? []));
        }
        closures.set(name, seen);
      }
    },
  };
  /** Whether entry `name` loads module `id` before it runs (false before the build parsed it). */
  const loads = (name: Name, id: string) => closures.get(name)?.has(id) ?? false;
  return { plugin, loads };
}
