import { readStorage, storageKeys, writeStorage } from '../storage';

/** docs/product.md#version-check: a failed chunk reloads the page at most once per path in 10 s. */
export const chunkReloadWindowMs = 10_000;

const chunkErrorPatterns = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading (CSS )?chunk .* failed/i,
];

/** True for the errors browsers raise when a lazily loaded file cannot be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return chunkErrorPatterns.some((pattern) => pattern.test(error.message));
}

function readAttempts(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(
      readStorage(storageKeys.chunkReloads, 'sessionStorage') ?? '{}',
    );
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

/**
 * Records a reload for `path` and says whether it may happen. A new deployment removes the old
 * chunks, so one reload fetches the new ones; a second failure soon after means the files are
 * really missing, and reloading again would loop. Attempts live in sessionStorage because the
 * reload wipes everything else; without sessionStorage nothing could stop a loop, so no reload.
 */
export function claimChunkReload(path: string, now: number = Date.now()): boolean {
  const attempts = readAttempts();
  const last = attempts[path];
  if (typeof last === 'number' && now - last >= 0 && now - last < chunkReloadWindowMs) return false;

  const recent = Object.fromEntries(
    Object.entries(attempts).filter(([, at]) => now - at < chunkReloadWindowMs),
  );
  recent[path] = now;
  const serialised = JSON.stringify(recent);
  writeStorage(storageKeys.chunkReloads, serialised, 'sessionStorage');
  return readStorage(storageKeys.chunkReloads, 'sessionStorage') === serialised;
}
