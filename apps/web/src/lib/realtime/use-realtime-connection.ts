import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionQueryKey } from '../auth/session';
import type { ConnectError } from './socket-client';

/**
 * Keeps the tab's socket connected while a user is signed in, and reconnects as the new user
 * when the account changes. A handshake refused for want of a session means the session ended
 * elsewhere: the session is read again, and the guard takes over. The socket library is loaded
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
      socket.on('connect_error', onConnectError);
      socket.connect();
      stop = () => {
        socket.off('connect_error', onConnectError);
        socket.disconnect();
      };
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [userId, queryClient]);
}
