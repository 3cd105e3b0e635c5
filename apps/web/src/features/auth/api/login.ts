import type { LoginBody } from '@confab/protocol/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { sessionQueryOptions } from '@/lib/auth/session';

/** `POST /api/_auth/login`: the server answers with the session cookie. */
export function login(body: LoginBody): Promise<void> {
  return apiFetch('/api/_auth/login', { method: 'POST', body });
}

/** Signs in, then reads the session so every guard sees the visitor as signed in. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: LoginBody) => {
      await login(body);
      await queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
    },
  });
}
