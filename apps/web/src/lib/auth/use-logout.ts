import { useMutation } from '@tanstack/react-query';
import { parkAccountStorage } from '../account-storage/account-storage';
import { apiFetch } from '../api-client';
import { isApiError } from '../api-error';
import { replaceLocation } from '../browser-location';
import { forgetKnownSession } from './known-session';
import { paths } from '../paths';
import { withdrawPushSubscription } from '../pwa/withdraw-push';

async function deleteSession(): Promise<void> {
  await withdrawPushSubscription();
  try {
    await apiFetch('/api/_auth/session', { method: 'DELETE' });
  } catch (error) {
    // Already signed out (expired or revoked session): the goal is reached.
    if (isApiError(error) && error.code === 'UNAUTHENTICATED') return;
    throw error;
  }
}

/** A sign-out waits this long at most for the stores (another tab may hold them, asking). */
const parkingWaitMs = 5000;

/**
 * Logs out: deletes the server session, sets the account's browser data aside
 * (docs/product.md#account-storage) while the page shows it is loading, then loads the login
 * page afresh, so nothing the page holds in memory (replies, chats, settings) outlives the
 * account that left. Parking cut short is finished by the next page load.
 */
export function useLogout() {
  return useMutation({
    mutationFn: deleteSession,
    onSuccess: async () => {
      forgetKnownSession();
      await Promise.race([
        parkAccountStorage(),
        new Promise((resolve) => setTimeout(resolve, parkingWaitMs)),
      ]);
      // Straight to the login page, not back to this page after the next login.
      replaceLocation(paths.login);
    },
  });
}
