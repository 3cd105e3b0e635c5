import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeTable } from '../security/authorization-matrix.table';
import { rawConnection } from '../helpers/raw-http';
import { listen } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';

const portOf = (t: TestApp) => (t.app.server.address() as AddressInfo).port;

/** Request headers announcing a body far larger than what is then sent. */
function headersFor(method: string, path: string, contentType = 'application/json') {
  return (
    `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: ${contentType}\r\n` +
    'Content-Length: 100000\r\n\r\n'
  );
}

/**
 * A slow client must not hold the server's connections: a body that never completes, bytes
 * that trickle, a connection that says nothing, or more connections than one address needs.
 */
describe('slow and idle connections', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(undefined, { httpIdleTimeoutMs: 300, httpBodyTimeoutMs: 600 });
    await listen(t.app);
  });
  afterAll(() => t.close());

  // Every route that refuses an anonymous visitor, with a body announced and never sent.
  const protectedWithBody = Object.entries(routeTable)
    .map(([key, row]) => ({ key, row, method: key.split(' ')[0]!, path: key.split(' ')[1]! }))
    .filter(({ row, method }) => row.expect.anonymous === 401 && method !== 'GET');

  it.each(protectedWithBody)(
    'an anonymous $key is refused 401 before its body arrives, and the connection closed',
    async ({ method, path }) => {
      const url = path.replace(/:\w+/g, '0190a000-0000-7000-8000-000000000000');
      const connection = await rawConnection(portOf(t));
      const multipart = url.endsWith('/files/upload');
      connection.socket.write(
        headersFor(method, url, multipart ? 'multipart/form-data; boundary=x' : undefined) +
          (multipart ? '--x\r\n' : '{"a":'),
      );
      expect(await connection.statusLine()).toBe('HTTP/1.1 401 Unauthorized');
      // The rest of the body is not waited for.
      await connection.closed;
    },
  );

  it('a body still trickling after HTTP_BODY_TIMEOUT_MS is refused 408 and its connection closed', async () => {
    const connection = await rawConnection(portOf(t));
    connection.socket.write(headersFor('POST', '/api/_auth/login'));
    // A byte every 50 ms: never idle, never done.
    const trickle = setInterval(() => connection.socket.write(' '), 50);
    try {
      expect(await connection.statusLine()).toBe('HTTP/1.1 408 Request Timeout');
      await connection.closed;
    } finally {
      clearInterval(trickle);
    }
    expect(connection.received()).toContain('"code":"TIMEOUT"');
  });

  it('a reply to a request without a body keeps the connection open for the next request', async () => {
    const connection = await rawConnection(portOf(t));
    const health = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
    connection.socket.write(health);
    expect(await connection.statusLine()).toBe('HTTP/1.1 200 OK');
    connection.socket.write(health);
    expect(await connection.statusLine()).toBe('HTTP/1.1 200 OK');
    expect(connection.received().toLowerCase()).not.toContain('connection: close');
    connection.socket.end();
  });

  it('a connection that sends nothing, or half a request, is closed after HTTP_IDLE_TIMEOUT_MS', async () => {
    const silent = await rawConnection(portOf(t));
    const halfHeaders = await rawConnection(portOf(t));
    halfHeaders.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.');
    await Promise.all([silent.closed, halfHeaders.closed]);
  });
});

describe('connections per client address', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(undefined, { connectionsPerAddress: 5 });
    await listen(t.app);
  });
  afterAll(() => t.close());

  const health = 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';

  it('the connection past HTTP_CONNECTIONS_PER_ADDRESS is closed; the others keep working', async () => {
    const held = [];
    for (let i = 0; i < 5; i += 1) {
      const connection = await rawConnection(portOf(t));
      connection.socket.write(health);
      expect(await connection.statusLine()).toBe('HTTP/1.1 200 OK');
      held.push(connection);
    }
    const extra = await rawConnection(portOf(t));
    extra.socket.write(health);
    await extra.closed;
    expect(extra.received()).not.toContain('200 OK');

    held[0]!.socket.write(health);
    expect(await held[0]!.statusLine()).toBe('HTTP/1.1 200 OK');

    // A closed connection frees its place.
    held[1]!.socket.end();
    await held[1]!.closed;
    let next = await rawConnection(portOf(t));
    next.socket.write(health);
    while (
      !(await next.statusLine().then(
        () => true,
        () => false,
      ))
    ) {
      // The server may not have seen the close yet; the next attempt comes after it did.
      next = await rawConnection(portOf(t));
      next.socket.write(health);
    }
    for (const connection of [...held, next]) connection.socket.destroy();
  });
});
