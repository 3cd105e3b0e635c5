import { useEffect } from 'react';

/**
 * Syncs the signed-in account's provider settings with the server whichever page is open
 * (docs/product.md#settings-and-key-sync). Loaded on demand: public pages do not carry it.
 */
export function useAiSettingsSync(userId: string | null): void {
  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | undefined;
    let current = true;
    import('../lib/settings-sync/settings-sync')
      .then(({ startSettingsSync }) => {
        if (current) stop = startSettingsSync();
      })
      .catch((error: unknown) => {
        // A failed chunk load is retried by the next page load; the settings stay here meanwhile.
        console.warn('[settings-sync] could not start syncing', error);
      });
    return () => {
      current = false;
      stop?.();
    };
  }, [userId]);
}
