import type { Socket as NetSocket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, listen } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp } from '../helpers/users';
import { eventually } from '../helpers/mcp';

/** Counts the writes a TCP socket makes to the system (one per write or writev call). */
function countWrites(tcp: NetSocket): { count: number } {
  const counter = { count: 0 };
  const target = tcp as unknown as Record<'_write' | '_writev', (...args: unknown[]) => void>;
  for (const method of ['_write', '_writev'] as const) {
    const original = target[method].bind(tcp);
    target[method] = (...args) => {
      counter.count += 1;
      original(...args);
    };
  }
  return counter;
}

describe('frames sent to one tab at once', () => {
  let harness: TestApp;
  let url: string;
  beforeAll(async () => {
    harness = await startTestApp();
    url = await listen(harness.app);
  });
  afterAll(() => harness.close());

  it('go out in one write, whole and in order, also after an upgrade', async () => {
    const alice = await signUp(harness.app);
    // Polling first, then upgraded to WebSocket: the upgraded transport is the one batched.
    const tab = await connect(url, { cookie: alice.cookie });
    try {
      const [server] = [...harness.app.io.sockets.sockets.values()].filter(
        (socket) => socket.data.user.id === alice.user.id,
      );
      await eventually(async () => server!.conn.transport.name === 'websocket');
      const transport = server!.conn.transport as unknown as { socket: { _socket: NetSocket } };
      const writes = countWrites(transport.socket._socket);

      // Emitted in one go, as a busy node does when a commit settles many sends.
      const emit = server!.emit.bind(server) as (event: string, payload: unknown) => void;
      for (let n = 1; n <= 5; n += 1) emit('new_message', { n });
      await eventually(async () => tab.received.length >= 5);

      expect(tab.received.map((entry) => entry.payload)).toEqual(
        [1, 2, 3, 4, 5].map((n) => ({ n })),
      );
      expect(writes.count).toBe(1);
    } finally {
      tab.close();
    }
  });
});
