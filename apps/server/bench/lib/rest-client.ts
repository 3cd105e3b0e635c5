import { connect, type Socket } from 'node:net';

/**
 * A lean HTTP/1.1 client for the benches' REST senders: keep-alive connections, one request in
 * flight on each, requests queued in arrival order when all are busy.
 *
 * The load runs on the server's own machine, so whatever it spends is taken from the server.
 * Node's `http.request` took about 100 µs of CPU per send here (more than a socket.io emit and
 * its acknowledgement), so on two cores the clients, not the server, set the ceiling. The bytes
 * on the wire are those of `http.request` with the same headers; only the client's bookkeeping
 * is lighter.
 */
export interface RestClient {
  post(path: string, headers: string, body: string, settle: (status: number) => void): void;
  close(): void;
}

interface Pending {
  request: Buffer;
  settle: (status: number) => void;
}

interface Connection {
  socket: Socket;
  current?: Pending;
  buffer: Buffer;
}

const headerEnd = Buffer.from('\r\n\r\n');

/** How many bytes the first complete response in `buffer` takes, with its status; or undefined. */
function completeResponse(buffer: Buffer): { status: number; length: number } | undefined {
  const end = buffer.indexOf(headerEnd);
  if (end < 0) return undefined;
  const head = buffer.toString('latin1', 0, end);
  const status = Number(head.slice(9, 12));
  const lengthMatch = /\r\ncontent-length:\s*(\d+)/i.exec(head);
  if (lengthMatch) {
    const length = end + 4 + Number(lengthMatch[1]);
    return buffer.length >= length ? { status, length } : undefined;
  }
  if (/\r\ntransfer-encoding:\s*chunked/i.test(head)) {
    const last = buffer.indexOf('\r\n0\r\n\r\n', end);
    if (last >= 0) return { status, length: last + 7 };
    // An empty chunked body.
    if (buffer.indexOf('0\r\n\r\n', end + 4) === end + 4) return { status, length: end + 9 };
    return undefined;
  }
  return { status, length: end + 4 };
}

export function restClient(url: string, connections: number): RestClient {
  const { hostname, port } = new URL(url);
  const idle: Connection[] = [];
  const queue: Pending[] = [];
  const all = new Set<Connection>();
  let closed = false;

  const dispatch = (connection: Connection) => {
    const next = queue.shift();
    if (!next) {
      idle.push(connection);
      return;
    }
    connection.current = next;
    connection.socket.write(next.request);
  };

  const open = () => {
    const connection: Connection = {
      socket: connect({ host: hostname, port: Number(port), noDelay: true }),
      buffer: Buffer.alloc(0),
    };
    all.add(connection);
    connection.socket.on('data', (chunk: Buffer) => {
      connection.buffer =
        connection.buffer.length === 0 ? chunk : Buffer.concat([connection.buffer, chunk]);
      const response = completeResponse(connection.buffer);
      if (!response) return;
      connection.buffer = connection.buffer.subarray(response.length);
      const done = connection.current;
      connection.current = undefined;
      done?.settle(response.status);
      dispatch(connection);
    });
    const lost = () => {
      all.delete(connection);
      const index = idle.indexOf(connection);
      if (index >= 0) idle.splice(index, 1);
      connection.current?.settle(0);
      connection.current = undefined;
      // A connection the server closed is opened again only for waiting work.
      if (!closed && queue.length > 0) dispatch(open());
    };
    connection.socket.once('close', lost);
    connection.socket.on('error', () => {});
    return connection;
  };

  return {
    post(path, headers, body, settle) {
      const request = Buffer.from(
        `POST ${path} HTTP/1.1\r\nhost: ${hostname}:${port}\r\nconnection: keep-alive\r\n` +
          `${headers}content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
      );
      queue.push({ request, settle });
      const connection = idle.pop() ?? (all.size < connections ? open() : undefined);
      if (connection) dispatch(connection);
    },
    close() {
      closed = true;
      for (const connection of all) connection.socket.destroy();
    },
  };
}
