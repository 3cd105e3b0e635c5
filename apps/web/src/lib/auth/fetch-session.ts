import type { SessionReply } from '@confab/protocol/auth';
import { apiFetch } from '../api-client';
import { readSessionReply } from './session-shape';

/**
 * `GET /api/_auth/session` without the query library, so the sign-in page (src/sign-in-main.tsx)
 * reads it too. docs/product.md#session: any failure to read the session counts as "not signed
 * in".
 */
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
