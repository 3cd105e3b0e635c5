import type { BuildMeta } from '@confab/protocol/builds';
import { fetchLatestBuild } from './version-check';

/** docs/product.md#version-check: while the server is out of reach, it is asked again this often. */
export const serverRetryMs = 10_000;

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * The build the server serves, or null when a full page load would fail right now: the browser
 * is offline, or the server does not answer. Offline the server is not even asked.
 */
export async function reachableServerBuild(): Promise<BuildMeta | null> {
  if (isOffline()) return null;
  return fetchLatestBuild();
}

/**
 * Resolves with the server's build once the browser is online and the server answers: asked
 * again when the browser comes back online and every 10 s meanwhile. A page load before that
 * would replace the app with the browser's error page.
 */
export function whenServerAnswers(): Promise<BuildMeta> {
  return new Promise((resolve) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let asking = false;
    const ask = async () => {
      if (asking) return;
      asking = true;
      clearTimeout(timer);
      const build = await reachableServerBuild();
      asking = false;
      if (build) {
        window.removeEventListener('online', onOnline);
        resolve(build);
        return;
      }
      timer = setTimeout(() => void ask(), serverRetryMs);
    };
    const onOnline = () => void ask();
    window.addEventListener('online', onOnline);
    void ask();
  });
}
