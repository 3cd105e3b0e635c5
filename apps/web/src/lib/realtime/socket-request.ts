import type {
  AckedClientEvent,
  ClientEventAckData,
  ClientToServerEvents,
  SocketAckReply,
} from '@confab/protocol/socket-events';
import type { AppSocket } from './socket-client';

/**
 * Sends a client event that the server answers through its acknowledgement (the server's
 * `onClientEvent`), and resolves with that answer: `{ok: true, data}` or `{ok: false, error}`,
 * typed from the protocol's event map. Rejects when no answer comes within `timeoutMs` (socket.io
 * also rejects at once when the socket is not connected and the event cannot be buffered).
 */
export async function socketRequest<E extends AckedClientEvent>(
  socket: AppSocket,
  event: E,
  payload: Parameters<ClientToServerEvents[E]>[0],
  timeoutMs: number,
): Promise<SocketAckReply<ClientEventAckData<E>>> {
  // socket.io's typed emit does not follow a generic event name, and it reads an optional
  // acknowledgement's reply as `any`: the event map says what both are, once, here.
  const timed = socket.timeout(timeoutMs) as unknown as {
    emitWithAck: (event: E, payload: unknown) => Promise<unknown>;
  };
  const answer = await timed.emitWithAck(event, payload);
  return answer as SocketAckReply<ClientEventAckData<E>>;
}
