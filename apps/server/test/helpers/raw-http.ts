import { connect as netConnect, type Socket } from 'node:net';
import { once } from 'node:events';

/**
 * A bare TCP connection to the app, for what an HTTP client would never do on its own: bodies
 * that never complete, bytes that trickle, connections that say nothing.
 */
export interface RawConnection {
  socket: Socket;
  /** Everything the server sent so far. */
  received(): string;
  /** The status line of the next reply (`HTTP/1.1 401 Unauthorized`). */
  statusLine(): Promise<string>;
  /** Resolves when the server (or the client) closed the connection. */
  closed: Promise<void>;
}

export async function rawConnection(port: number): Promise<RawConnection> {
  const socket = netConnect(port, '127.0.0.1');
  let text = '';
  let read = 0;
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString('latin1');
  });
  // A reset by the server is one way of closing; the test looks at what was received.
  socket.on('error', () => {});
  const closed = once(socket, 'close').then(() => undefined);
  await once(socket, 'connect');
  const statusLine = () =>
    new Promise<string>((resolve, reject) => {
      const look = () => {
        const start = text.indexOf('HTTP/1.1 ', read);
        const end = start < 0 ? -1 : text.indexOf('\r\n', start);
        if (end < 0) return false;
        read = end;
        resolve(text.slice(start, end));
        return true;
      };
      if (look()) return;
      const onData = () => {
        if (look()) stop();
      };
      const onClose = () => {
        stop();
        reject(new Error(`closed without a reply; received ${JSON.stringify(text)}`));
      };
      const stop = () => {
        socket.off('data', onData);
        socket.off('close', onClose);
      };
      socket.on('data', onData);
      socket.on('close', onClose);
    });
  return { socket, received: () => text, statusLine, closed };
}
