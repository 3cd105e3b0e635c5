import { useEffect, useSyncExternalStore } from 'react';
import { reloadPage } from '../browser-location';
import { accountStorageStore, declareAccount } from './account-storage';

/**
 * Gives the account stores to the session's user (`undefined` while the session is read). A
 * page that served another account loads anew, so nothing it holds in memory crosses over.
 */
export function useAccountStorage(userId: string | null | undefined): void {
  useEffect(() => {
    if (userId === undefined) return;
    if (declareAccount(userId) === 'reload') reloadPage();
  }, [userId]);
}

const subscribe = (listener: () => void) => accountStorageStore.subscribe(listener);

/** The pending question about data found on this browser, or null. */
export function useUnclaimedQuestion() {
  return useSyncExternalStore(subscribe, () => accountStorageStore.getState().answerUnclaimed);
}

/** True once sign-out began: the page shows nothing more of the account until it loads anew. */
export function useLeavingAccount(): boolean {
  return useSyncExternalStore(subscribe, () => accountStorageStore.getState().leaving);
}
