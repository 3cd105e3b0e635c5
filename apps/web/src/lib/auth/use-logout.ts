import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiFetch } from '../api-client';
import { isApiError } from '../api-error';
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
 * Logs out: deletes the server session, drops every cached reply (they belong to the user who
 * just left) and goes to the login page.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteSession,
    onSuccess: async () => {
      queryClient.removeQueries();
      queryClient.setQueryData(sessionQueryKey, {});
      // Straight to the login page, not back to this page after the next login.
      await navigate(paths.login, { replace: true });
    },
  });
}
