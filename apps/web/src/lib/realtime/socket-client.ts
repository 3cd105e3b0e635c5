import { io, type Socket } from 'socket.io-client';
import type {
  ClientToServerEvents,
  ServerToClientEvents,
  SocketConnectError,
} from '@confab/protocol/socket-events';
import { realtimeSettings } from './realtime-settings';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;
export type ConnectError = Error & { data?: SocketConnectError };

let socket: AppSocket | null = null;

/**
 * The tab's one socket, shared by every feature; created on first use, connected by
 * `useRealtimeConnection` while someone is signed in. Same origin: the session cookie goes
 * with the handshake, and the server takes the user from it.
 */
export function getSocket(): AppSocket {
  socket ??= io({ ...realtimeSettings, autoConnect: false, withCredentials: true });
  return socket;
}
