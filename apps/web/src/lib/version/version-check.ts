import type { BuildMeta } from '@confab/protocol/builds';
import { readBuildMeta } from './build-meta-shape';
import { versionStore } from './version-store';

export const latestBuildPath = '/builds/latest.json';
export const firstCheckDelayMs = 1000;
export const checkIntervalMs = 60_000;

interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

/** Data-saver and 2G visitors skip the early check (docs/product.md#version-check). */
export function isSlowConnection(nav: Navigator = navigator): boolean {
  const connection = (nav as Navigator & { connection?: NetworkInformationLike }).connection;
  if (!connection) return false;
  return (
    connection.saveData === true ||
    connection.effectiveType === '2g' ||
    connection.effectiveType === 'slow-2g'
  );
}

/** The newest deployed build, or null when it cannot be read right now. */
export async function fetchLatestBuild(): Promise<BuildMeta | null> {
  try {
    const response = await fetch(latestBuildPath, { cache: 'no-store', credentials: 'omit' });
    return response.ok ? readBuildMeta(await response.json()) : null;
  } catch {
    // Offline or a server mid-deploy: try again at the next check.
    return null;
  }
}

export async function checkForNewBuild(): Promise<void> {
  const latest = await fetchLatestBuild();
  if (latest) versionStore.getState().recordLatest(latest.id);
}

/**
 * Watches for a newer deployment: a first check about 1 s after load (not on data-saver or 2G
 * connections), then one a minute and one whenever the tab becomes visible again. When the id
 * differs, the root loader turns the next navigation into a full page load. Returns a function
 * that stops watching.
 */
export function startVersionCheck(): () => void {
  const check = () => {
    checkForNewBuild().catch(() => undefined);
  };
  const firstCheck = isSlowConnection() ? undefined : setTimeout(check, firstCheckDelayMs);
  const interval = setInterval(check, checkIntervalMs);
  const onVisibilityChange = () => {
    if (document.visibilityState === 'visible') check();
  };
  document.addEventListener('visibilitychange', onVisibilityChange);
  return () => {
    clearTimeout(firstCheck);
    clearInterval(interval);
    document.removeEventListener('visibilitychange', onVisibilityChange);
  };
}
