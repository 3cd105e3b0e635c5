import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isSignedIn } from '../auth/session-shape';
import { changePasswordMutationKey } from '../auth/mutation-keys';
import { sessionQueryKey, sessionQueryOptions } from '../auth/session';
import type { ConnectError } from './socket-client';

/**
 * Keeps the tab's socket connected while a user is signed in, and reconnects as the new user
 * when the account changes. A handshake refused for want of a session means the session ended
 * elsewhere: the session is read again, and the guard takes over. A socket the server closed
 * is reconnected when the session is still valid. The socket library is loaded
 * only once someone is signed in, so public pages do not download it.
 */
export function useRealtimeConnection(userId: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('./socket-client').then(({ getSocket }) => {
      if (cancelled) return;
      const socket = getSocket();
      const onConnectError = (error: ConnectError) => {
        if (error.data?.code === 'UNAUTHENTICATED') {
          void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
        }
      };
      // The server closes a user's sockets when their sessions end: signed out everywhere, or
      // a password change that gave this tab a new cookie. Read the session again and, still
      // signed in, reconnect with it (socket.io does not reconnect after a server disconnect).
      const onDisconnect = (reason: string) => {
        if (reason !== 'io server disconnect') return;
        // The server closes the sockets before its reply to a password change sets the new
        // cookie: read now, the session would look ended. The change reconnects once it is done.
        if (queryClient.isMutating({ mutationKey: changePasswordMutationKey }) > 0) return;
        void queryClient.fetchQuery({ ...sessionQueryOptions, staleTime: 0 }).then((session) => {
          if (!cancelled && isSignedIn(session)) socket.connect();
        });
      };
      socket.on('connect_error', onConnectError);
      socket.on('disconnect', onDisconnect);
      socket.connect();
      stop = () => {
        socket.off('connect_error', onConnectError);
        socket.off('disconnect', onDisconnect);
        socket.disconnect();
      };
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId, queryClient]);
}
