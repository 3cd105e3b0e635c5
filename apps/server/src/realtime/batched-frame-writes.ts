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
  readyState: string;
  /** Hands what is queued to the transport, if it can take it now. */
  flush(): void;
  on(event: 'upgrade', listener: (transport: EngineTransport) => void): unknown;
}

/**
 * Writes what engine.io sends one connection in the same moment with one system call.
 *
 * Why: a busy node sends one tab its send's acknowledgement, the other side's new message and
 * its unread count in the same moment (a commit settles many sends at once). engine.io flushed
 * on every packet, and `ws` writes each frame to the TCP socket on its own: each was a `writev`
 * of its own, the largest single cost of delivering a message.
 *
 * - An open WebSocket connection flushes once per tick: packets queued in one turn of the event
 *   loop (and its promise callbacks) go to the transport together, at the end of that turn.
 * - The WebSocket transport's TCP socket is corked while it writes such a batch, so its frames
 *   leave in one `writev`.
 *
 * The bytes, their order and every callback stay as they were.
 */
export function batchFrameWrites(connection: EngineConnection): void {
  const flush = connection.flush.bind(connection);
  let flushScheduled = false;
  connection.flush = () => {
    // Anything but an open WebSocket connection flushes at once, as engine.io expects: while it
    // closes (a sign-out's disconnect packet is written, then the transport closed in the same
    // turn), and on polling, which answers one request at a time anyway.
    if (connection.readyState !== 'open' || connection.transport.name !== 'websocket') {
      flush();
      return;
    }
    if (flushScheduled) return;
    flushScheduled = true;
    process.nextTick(() => {
      flushScheduled = false;
      flush();
    });
  };

  const corkBatches = (transport: EngineTransport) => {
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
  corkBatches(connection.transport);
  connection.on('upgrade', corkBatches);
}
