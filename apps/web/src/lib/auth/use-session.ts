import type { SessionReply, SessionUser } from '@confab/protocol/auth';
import { useQuery } from '@tanstack/react-query';
import { sessionQueryOptions } from './session';
import { isSignedIn } from './session-shape';

export interface SessionState {
  session: SessionReply | undefined;
  user: SessionUser | null;
  signedIn: boolean;
  /** True until the first answer (or failure) of the session read. */
  isPending: boolean;
}

export function useSession(): SessionState {
  const { data, isPending } = useQuery(sessionQueryOptions);
  const signedIn = isSignedIn(data);
  return { session: data, user: signedIn ? data.user : null, signedIn, isPending };
}
