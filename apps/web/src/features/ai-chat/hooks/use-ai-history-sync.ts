import { useEffect } from 'react';

/**
 * Syncs the signed-in account's AI history with the server whichever page is open
 * (docs/product.md#ai-history-sync), so another device's chats arrive before the AI chat is
 * opened. Loaded on demand: public pages do not carry it.
 */
export function useAiHistorySync(userId: string | null): void {
  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | undefined;
    let current = true;
    Promise.all([import('../lib/history-sync/history-sync'), import('../actions/history-apply')])
      .then(([{ startHistorySync }, { showRemoteChanges }]) => {
        if (current) stop = startHistorySync(showRemoteChanges);
      })
      .catch((error: unknown) => {
        // A failed chunk load is retried by the next page load; nothing is lost meanwhile.
        console.warn('[ai-history] could not start syncing', error);
      });
    return () => {
      current = false;
      stop?.();
    };
  }, [userId]);
}
