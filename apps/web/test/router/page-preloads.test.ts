import { describe, expect, it } from 'vitest';
import { pagePreloads } from '@/app/router/page-preloads';
import { protectedPaths } from '@/lib/paths';

// The table is written with plain paths (the build's config reads it with Node): each must be
// a signed-in page of the app, spelled as the router matches it.
describe("the build's table of pages' preloads", () => {
  it('names signed-in pages only, each with its layout, the account switch and its page module', () => {
    for (const [path, modules] of Object.entries(pagePreloads)) {
      expect(protectedPaths.has(path), path).toBe(true);
      expect(modules.slice(0, 2)).toEqual([
        'src/app/layouts/app-layout.tsx',
        'src/lib/account-storage/account-switch.ts',
      ]);
      expect(modules.length, path).toBe(3);
    }
  });
});
