import type { SessionReply } from '@confab/protocol/auth';
import { queryOptions } from '@tanstack/react-query';
import { apiFetch } from '../api-client';
import { readSessionReply } from './session-shape';

export const sessionQueryKey = ['session'] as const;

/** docs/product.md#session: any failure to read the session counts as "not signed in". */
export async function fetchSession(signal?: AbortSignal): Promise<SessionReply> {
  try {
    return await apiFetch('/api/_auth/session', {
      signal,
      parse: (json) => {
        const session = readSessionReply(json);
        if (!session) throw new Error('Not a session reply');
        return session;
      },
    });
  } catch (error) {
    // A cancelled read is not an answer; let the query library discard it.
    if (signal?.aborted) throw error;
    return {};
  }
}

export const sessionQueryOptions = queryOptions({
  queryKey: sessionQueryKey,
  queryFn: ({ signal }) => fetchSession(signal),
  retry: false,
  staleTime: 30_000,
});
