import { assignLocation } from '@/lib/browser-location';
import { claimChunkReload, isChunkLoadError } from '@/lib/version/chunk-reload';
import { navigationTarget } from './navigation-target';

/**
 * Wraps a route's `lazy` import. After a deployment the old chunk files are gone, so a failed
 * chunk load reloads the page at its target to fetch the new build, at most once per path
 * within 10 s; any other failure, or a second one, reaches the route's error page (500).
 */
export function lazyRoute<T>(load: () => Promise<T>): () => Promise<T> {
  return async () => {
    try {
      return await load();
    } catch (error) {
      if (!isChunkLoadError(error)) throw error;
      const target = navigationTarget();
      if (!claimChunkReload(target.pathname)) throw error;
      assignLocation(`${target.pathname}${target.search}${target.hash}`);
      // Keep the router waiting: the page is being replaced.
      return new Promise<T>(() => {});
    }
  };
}
