import type { SessionReply } from '@confab/protocol/auth';
import { apiFetch } from '../api-client';
import { isApiError } from '../api-error';
import { knownSession, recordSessionReply } from './known-session';
import { readSessionReply } from './session-shape';

/**
 * `GET /api/_auth/session` without the query library, so the sign-in page (src/sign-in-main.tsx)
 * reads it too. docs/product.md#session: any failure to read the session counts as "not signed
 * in", except that no answer at all (offline, the server down) keeps the account last signed in
 * on this device (known-session.ts).
 */
export async function fetchSession(signal?: AbortSignal): Promise<SessionReply> {
  try {
    const session = await apiFetch('/api/_auth/session', {
      signal,
      parse: (json) => {
        const reply = readSessionReply(json);
        if (!reply) throw new Error('Not a session reply');
        return reply;
      },
    });
    recordSessionReply(session);
    return session;
  } catch (error) {
    // A cancelled read is not an answer; let the query library discard it.
    if (signal?.aborted) throw error;
    if (isApiError(error) && unanswered(error.statusCode)) return knownSession() ?? {};
    return {};
  }
}

/** No answer from Confab itself: the network (status 0) or a proxy in front of a server that is down. */
function unanswered(status: number): boolean {
  return status === 0 || status === 502 || status === 503 || status === 504;
}
