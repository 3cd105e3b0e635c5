// Read by the build (build/service-worker-plugin.ts) as well as tested: no imports.

/** A font's name without its hash and format: `assets/KaTeX_Main-Regular`. */
function fontStem(fileName: string): string {
  return fileName.replace(/-[\w-]{8}\.(?:woff2?|ttf)$/, '');
}

/**
 * The files of a build worth keeping offline, from every file it wrote: not the build's id,
 * its manifests (the bundler's, and the pages' preloads the server reads), compressed forms or
 * source maps, and no font in an older format where a WOFF2
 * exists (every browser with service workers reads WOFF2, so it never fetches the others).
 */
export function precachedFiles(fileNames: Iterable<string>): string[] {
  const names = [...fileNames];
  const woff2 = new Set(names.filter((name) => name.endsWith('.woff2')).map(fontStem));
  return names
    .filter((name) => {
      if (name.startsWith('.vite/') || name.startsWith('builds/') || name === 'sw.js') return false;
      if (name === 'page-preloads.json') return false;
      if (/\.(?:br|gz|map)$/.test(name)) return false;
      if (/\.ttf$/.test(name)) return false;
      return !(name.endsWith('.woff') && woff2.has(fontStem(name)));
    })
    .sort();
}
