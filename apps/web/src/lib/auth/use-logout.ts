import { useMutation } from '@tanstack/react-query';
import { parkAccountStorage } from '../account-storage/account-storage';
import { apiFetch } from '../api-client';
import { isApiError } from '../api-error';
import { replaceLocation } from '../browser-location';
import { paths } from '../paths';

async function deleteSession(): Promise<void> {
  try {
    await apiFetch('/api/_auth/session', { method: 'DELETE' });
  } catch (error) {
    // Already signed out (expired or revoked session): the goal is reached.
    if (isApiError(error) && error.code === 'UNAUTHENTICATED') return;
    throw error;
  }
}

/**
 * Logs out: deletes the server session, sets the account's browser data aside
 * (docs/product.md#account-storage) and loads the login page afresh, so nothing the page holds
 * in memory (cached replies, chats, settings) outlives the account that just left.
 */
export function useLogout() {
  return useMutation({
    mutationFn: deleteSession,
    onSuccess: async () => {
      await parkAccountStorage();
      // Straight to the login page, not back to this page after the next login.
      replaceLocation(paths.login);
    },
  });
}
