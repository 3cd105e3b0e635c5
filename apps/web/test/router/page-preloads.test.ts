import { describe, expect, it } from 'vitest';
import { pagePreloads } from '@/app/router/page-preloads';
import { protectedPaths } from '@/lib/paths';

// The table is written with plain paths (the build's config reads it with Node): each must be
// a signed-in page of the app, spelled as the router matches it.
describe("the build's table of pages' preloads", () => {
  it('names signed-in pages only, each with its layout and page module', () => {
    for (const [path, modules] of Object.entries(pagePreloads)) {
      expect(protectedPaths.has(path), path).toBe(true);
      expect(modules[0]).toBe('src/app/layouts/app-layout.tsx');
      expect(modules.length, path).toBe(2);
    }
  });
});
