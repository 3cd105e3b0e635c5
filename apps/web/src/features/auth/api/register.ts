import type { RegisterBody } from '@confab/protocol/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { sessionQueryOptions } from '@/lib/auth/session';

/** `POST /api/_auth/register`: creates the account and signs it in (the server sets the cookie). */
export function register(body: RegisterBody): Promise<void> {
  return apiFetch('/api/_auth/register', { method: 'POST', body });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: RegisterBody) => {
      await register(body);
      await queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 });
    },
  });
}
