import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp } from '../helpers/test-app';
import { signUp } from '../helpers/users';
import { contactsAs } from '../helpers/contacts';
import { connect, listen, type ClientSocket } from '../helpers/sockets';
import { createScratchRedis, keysOf, redisServerUrl, redisSkipReason } from '../helpers/redis';
import type { ScratchRedis } from '../helpers/redis';
import { startSharedNodes } from '../helpers/shared-nodes';

describe.skipIf(!redisServerUrl)('socket.io across nodes through Redis (REDIS_URL)', () => {
  let redis: ScratchRedis;
  let site: Awaited<ReturnType<typeof startSharedNodes>>;
  let urls: string[];
  const open: ClientSocket[] = [];

  beforeAll(async () => {
    redis = await createScratchRedis(redisServerUrl!);
    site = await startSharedNodes(2, redis);
    urls = await Promise.all(site.nodes.map((node) => listen(node.app)));
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(async () => {
    await site?.close();
    await redis?.drop();
  });

  async function tab(nodeIndex: number, cookie: string) {
    const socket = await connect(urls[nodeIndex]!, { cookie });
    open.push(socket);
    return socket;
  }

  it('a friend request sent through one node reaches the receiver connected to the other', async () => {
    const a = site.nodes[0]!.app;
    const alice = await signUp(a);
    const bob = await signUp(a);
    const bobOnB = await tab(1, bob.cookie);
    const aliceOnB = await tab(1, alice.cookie);

    const sent = await contactsAs(a, alice.cookie).send(bob.user.username);

    const { contact } = await bobOnB.next('newFriendMessage');
    expect(contact).toMatchObject({ id: sent.id, direction: 'incoming', status: 'pending' });
    expect(await aliceOnB.next('contactUpdated')).toMatchObject({
      change: 'requested',
      contactId: sent.id,
    });
  });

  it('signing out through one node closes that session’s tabs on every node', async () => {
    const a = site.nodes[0]!.app;
    const carol = await signUp(a);
    const onA = await tab(0, carol.cookie);
    const onB = await tab(1, carol.cookie);
    const closed = (socket: ClientSocket) =>
      new Promise<string>((resolve) => socket.once('disconnect', (reason) => resolve(reason)));
    const closing = [closed(onA), closed(onB)];

    const response = await a.inject({
      method: 'DELETE',
      url: '/api/_auth/session',
      headers: { cookie: carol.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(await Promise.all(closing)).toEqual(['io server disconnect', 'io server disconnect']);
  });

  it('keeps every key of the site under its prefix', async () => {
    const keys = await keysOf(redis.client, redis.prefix);
    expect(keys).toContain(`${redis.prefix}socket.io`);
    const elsewhere = await keysOf(redis.client, 'socket.io');
    expect(elsewhere.filter((key) => key === 'socket.io')).toEqual([]);
  });
});

describe('without REDIS_URL', () => {
  it('runs alone: no Redis connection, the in-memory socket.io adapter', async () => {
    const t = await startTestApp();
    try {
      expect(t.app.redis).toBeNull();
      // socket.io's own in-memory adapter (no connection-state recovery: no replay buffer).
      expect(t.app.io.of('/').adapter.constructor.name).toBe('Adapter');
    } finally {
      await t.close();
    }
  });
});

if (!redisServerUrl) console.warn(`[confab] ${redisSkipReason}`);
