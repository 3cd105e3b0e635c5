import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { parkAccountStorage } from '../account-storage/account-storage';
import { apiFetch } from '../api-client';
import { isApiError } from '../api-error';
import { replaceLocation } from '../browser-location';
import { paths } from '../paths';
import { sessionQueryKey } from './session';

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
 * Logs out: deletes the server session, drops every cached reply and shows the login page, sets
 * the account's browser data aside (docs/product.md#account-storage), then loads the login page
 * afresh, so nothing the page holds in memory (chats, settings) outlives the account that left.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteSession,
    onSuccess: async () => {
      const parked = parkAccountStorage();
      queryClient.removeQueries();
      queryClient.setQueryData(sessionQueryKey, {});
      // Straight to the login page, not back to this page after the next login.
      await navigate(paths.login, { replace: true });
      await parked;
      replaceLocation(paths.login);
    },
  });
}
