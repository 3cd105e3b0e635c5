import { useSyncExternalStore } from 'react';
import { getSocket } from './socket-client';

export interface ConnectionStatus {
  connected: boolean;
  /** `polling` or `websocket` while connected (polling upgrades to websocket); null otherwise. */
  transport: string | null;
}

function subscribe(notify: () => void): () => void {
  const socket = getSocket();
  const onOpen = () => socket.io.engine.on('upgrade', notify);
  socket.on('connect', notify);
  socket.on('disconnect', notify);
  socket.io.on('open', onOpen);
  if (socket.io.engine) onOpen();
  return () => {
    socket.off('connect', notify);
    socket.off('disconnect', notify);
    socket.io.off('open', onOpen);
    socket.io.engine?.off('upgrade', notify);
  };
}

// A string snapshot, so React sees a change only when the status really changes.
function snapshot(): string {
  const socket = getSocket();
  return socket.connected ? (socket.io.engine?.transport.name ?? '') : '';
}

/** The tab's real-time connection: connected or not, and over which transport. */
export function useConnectionStatus(): ConnectionStatus {
  const transport = useSyncExternalStore(subscribe, snapshot, () => '');
  return { connected: transport !== '', transport: transport || null };
}

/** Whether the tab's socket is connected now (whatever its transport, known or not yet). */
export function useSocketConnected(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => getSocket().connected,
    () => false,
  );
}
