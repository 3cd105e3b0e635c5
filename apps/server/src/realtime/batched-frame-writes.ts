import type { Socket as NetSocket } from 'node:net';

/** What this needs of an engine.io transport (its WebSocket transport wraps a `ws` socket). */
interface EngineTransport {
  name: string;
  send(packets: unknown[]): void;
  socket?: { _socket?: NetSocket };
}

/** What this needs of an engine.io connection. */
interface EngineConnection {
  transport: EngineTransport;
  on(event: 'upgrade', listener: (transport: EngineTransport) => void): unknown;
}

/**
 * Writes the frames engine.io sends a connection at once with one system call.
 *
 * Why: engine.io queues the packets that arrive while a write is in progress and then sends
 * them together, but `ws` writes each frame to the TCP socket on its own. A busy node sends one
 * socket its send's acknowledgement, the other side's new message and its unread count in the
 * same moment; each was a `writev` of its own, the largest single cost of delivering a message.
 * Corking the TCP socket around the batch joins them; the bytes, their order and every callback
 * stay as they were. Polling transports are left alone (they answer one HTTP request anyway).
 */
export function batchFrameWrites(connection: EngineConnection): void {
  const batch = (transport: EngineTransport) => {
    const tcp = transport.socket?._socket;
    if (transport.name !== 'websocket' || typeof tcp?.cork !== 'function') return;
    const send = transport.send.bind(transport);
    transport.send = (packets) => {
      if (packets.length < 2) {
        send(packets);
        return;
      }
      tcp.cork();
      try {
        send(packets);
      } finally {
        tcp.uncork();
      }
    };
  };
  batch(connection.transport);
  connection.on('upgrade', batch);
}
