import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionQueryKey } from '../auth/session';
import { getSocket, type ConnectError } from './socket-client';

/**
 * Keeps the tab's socket connected while a user is signed in, and reconnects as the new user
 * when the account changes. A handshake refused for want of a session means the session ended
 * elsewhere: the session is read again, and the guard takes over.
 */
export function useRealtimeConnection(userId: string | null): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const socket = getSocket();
    const onConnectError = (error: ConnectError) => {
      if (error.data?.code === 'UNAUTHENTICATED') {
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      }
    };
    socket.on('connect_error', onConnectError);
    socket.connect();
    return () => {
      socket.off('connect_error', onConnectError);
      socket.disconnect();
    };
  }, [userId, queryClient]);
}
