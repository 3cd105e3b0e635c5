import {
  changePasswordReplySchema,
  endAllSessionsReplySchema,
  type ChangePasswordBody,
  type ChangePasswordReply,
} from '@confab/protocol/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiFetch } from '@/lib/api-client';
import { paths } from '@/lib/paths';
import { changePasswordMutationKey } from '@/lib/auth/mutation-keys';
import { sessionQueryKey } from '@/lib/auth/session';

/**
 * Changes the password. The server ends every other session and gives this browser a new
 * cookie; the session read is updated to the new sign-in time, and the tab's socket, closed
 * by the server with the old session, connects again with the new cookie.
 */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: changePasswordMutationKey,
    mutationFn: (body: ChangePasswordBody) =>
      apiFetch<ChangePasswordReply>('/api/_auth/password', {
        method: 'POST',
        body,
        parse: (json) => changePasswordReplySchema.parse(json),
        // Two password hashes on the server: slower than other calls on purpose.
        timeoutMs: 20_000,
      }),
    onSuccess: ({ user, loggedInAt }) => {
      queryClient.setQueryData(sessionQueryKey, { user, loggedInAt });
      void import('@/lib/realtime/socket-client').then(({ getSocket }) => {
        const socket = getSocket();
        if (!socket.active) socket.connect();
      });
    },
  });
}

/**
 * Signs the user out on every browser and device, this one included: like logging out, the
 * cached replies go and the login page opens.
 */
export function useSignOutEverywhere() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () =>
      apiFetch('/api/_auth/sessions', {
        method: 'DELETE',
        parse: (json) => endAllSessionsReplySchema.parse(json),
      }),
    onSuccess: async () => {
      queryClient.removeQueries();
      queryClient.setQueryData(sessionQueryKey, {});
      await navigate(paths.login, { replace: true });
    },
  });
}
