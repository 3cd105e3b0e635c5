import { assignLocation } from '@/lib/browser-location';
import { claimChunkReload, isChunkLoadError } from '@/lib/version/chunk-reload';
import { whenServerAnswers } from '@/lib/version/server-build';
import { versionStore } from '@/lib/version/version-store';
import { navigationTarget } from './navigation-target';

/**
 * Wraps a route's `lazy` import. A chunk that fails to load has two causes:
 * - a short outage (offline, the server down): reloading would replace the app with the
 *   browser's error page, so the navigation waits (the current page stays, with its offline
 *   banner) until the server answers, then fetches the chunk again;
 * - a deployment removed the old chunk files: once the server answers with a different build,
 *   the page reloads at its target to fetch the new one, at most once per path within 10 s.
 * Any other failure, or a second one, reaches the route's error page (500).
 */
export function lazyRoute<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      if (!isChunkLoadError(error)) throw error;
      const served = await whenServerAnswers();
      if (served.id === versionStore.getState().currentId) return load();
      const target = navigationTarget();
      if (!claimChunkReload(target.pathname)) throw error;
      assignLocation(`${target.pathname}${target.search}${target.hash}`);
      // Keep the router waiting: the page is being replaced.
      return new Promise<T>(() => {});
    }
  };
}
