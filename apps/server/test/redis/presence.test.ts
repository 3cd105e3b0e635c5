import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Redis } from 'ioredis';
import { RedisPresence } from '../../src/lib/redis/presence-store';
import { MemoryPresenceStore, type PresenceChange } from '../../src/realtime/presence-store';
import { SharedPresenceStore } from '../../src/realtime/shared-presence-store';
import { eventually } from '../helpers/mcp';
import {
  commandClient,
  createScratchRedis,
  redisServerUrl,
  type ScratchRedis,
} from '../helpers/redis';
import { startRedisProxy, type RedisProxy } from '../helpers/redis-proxy';

const quiet = { info: () => {}, warn: () => {} };

/** The presence store of one node, with the flips it finds by itself. */
interface Node {
  store: SharedPresenceStore;
  flips: { userId: string; change: PresenceChange }[];
}

describe.skipIf(!redisServerUrl)('presence shared by the nodes of a site through Redis', () => {
  let redis: ScratchRedis;
  let proxy: RedisProxy;
  const stores: SharedPresenceStore[] = [];
  const clients: Redis[] = [];

  beforeAll(async () => {
    redis = await createScratchRedis(redisServerUrl!);
    proxy = await startRedisProxy(redis.url);
  });
  afterEach(() => {
    proxy.restore();
    for (const store of stores.splice(0)) store.close();
    for (const client of clients.splice(0)) client.disconnect();
  });
  afterAll(async () => {
    await proxy?.close();
    await redis?.drop();
  });

  let nodeCount = 0;
  /** A node, reaching Redis directly or through the proxy the test can cut. */
  function node(options: { viaProxy?: boolean; heartbeatMs?: number; nodeTtlMs?: number } = {}) {
    const client = commandClient(options.viaProxy ? proxy.url : redis.url);
    clients.push(client);
    const store = new SharedPresenceStore({
      local: new MemoryPresenceStore(),
      shared: new RedisPresence(client, redis.prefix, `node-${(nodeCount += 1)}`),
      log: quiet,
      heartbeatMs: options.heartbeatMs ?? 50,
      nodeTtlMs: options.nodeTtlMs ?? 10_000,
    });
    stores.push(store);
    const created: Node = { store, flips: [] };
    store.onFlip((userId, change) => created.flips.push({ userId, change }));
    return eventually(async () => (client.status === 'ready' ? created : false));
  }
  const user = () => `user-${Math.random().toString(36).slice(2)}`;

  it('counts every tab on every node: online with the first, offline with the last', async () => {
    const a = await node();
    const b = await node();
    const alice = user();
    const t0 = Date.now();

    expect((await a.store.connect(alice, 'tab-1', t0)).changed).toBe(true);
    expect((await b.store.connect(alice, 'tab-2', t0 + 1)).changed).toBe(false);
    expect((await b.store.get(alice, t0 + 2)).isOnline).toBe(true);
    expect(await a.store.onlineAmong([alice, user()])).toEqual(new Set([alice]));

    // One tab away: the other still counts; both away is offline.
    expect((await a.store.setActive(alice, 'tab-1', false, t0 + 3)).changed).toBe(false);
    const away = await b.store.setActive(alice, 'tab-2', false, t0 + 4);
    expect(away).toEqual({ changed: true, state: { isOnline: false, lastSeen: t0 + 4 } });
    expect((await a.store.setActive(alice, 'tab-1', true, t0 + 5)).changed).toBe(true);

    expect((await a.store.disconnect(alice, 'tab-1', t0 + 6)).changed).toBe(true);
    expect((await b.store.disconnect(alice, 'tab-2', t0 + 7)).changed).toBe(false);
    expect(await a.store.get(alice, t0 + 8)).toEqual({ isOnline: false, lastSeen: t0 + 6 });
    // A late "active" from a tab that is gone does not bring the user back.
    expect((await b.store.setActive(alice, 'tab-2', true, t0 + 9)).changed).toBe(false);
  });

  it('who is online among several users: Redis is asked only about those with no tab on this node', async () => {
    const [a, b] = [await node(), await node()];
    const [alice, bob, carol] = [user(), user(), user()];
    await a.store.connect(alice, 'tab-a', Date.now());
    await b.store.connect(bob, 'tab-b', Date.now());
    const asked = vi.spyOn(RedisPresence.prototype, 'onlineAmong');
    expect(await a.store.onlineAmong([alice, bob, carol])).toEqual(new Set([alice, bob]));
    // A message to someone on the sender's node (most of them) costs no Redis read.
    expect(asked.mock.calls).toEqual([[[bob, carol]]]);
    asked.mockClear();
    expect(await a.store.onlineAmong([alice])).toEqual(new Set([alice]));
    expect(asked).not.toHaveBeenCalled();
  });

  it('of many tabs connecting at once on two nodes, exactly one reports the flip', async () => {
    const a = await node();
    const b = await node();
    const bob = user();
    const changes = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        (index % 2 ? a : b).store.connect(bob, `tab-${index}`, Date.now()),
      ),
    );
    expect(changes.filter((change) => change.changed)).toHaveLength(1);
    const leaving = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        (index % 2 ? a : b).store.disconnect(bob, `tab-${index}`, Date.now()),
      ),
    );
    expect(leaving.filter((change) => change.changed)).toHaveLength(1);
  });

  it('a node that dies is swept by another, which announces its users offline', async () => {
    const dying = await node({ heartbeatMs: 50, nodeTtlMs: 300 });
    const survivor = await node({ heartbeatMs: 50, nodeTtlMs: 300 });
    const carol = user();
    const dan = user();
    await dying.store.connect(carol, 'tab-1', Date.now());
    await dying.store.connect(dan, 'tab-1', Date.now());
    await survivor.store.connect(dan, 'tab-2', Date.now());

    dying.store.close(); // no more heartbeats, sockets left behind: a SIGKILL
    await eventually(async () => survivor.flips.length > 0);
    expect(survivor.flips).toEqual([
      {
        userId: carol,
        change: { changed: true, state: expect.objectContaining({ isOnline: false }) },
      },
    ]);
    // Dan still has a tab on the living node.
    expect(await survivor.store.onlineAmong([carol, dan])).toEqual(new Set([dan]));
  });

  it('while Redis does not answer a node counts its own users; it writes them back after', async () => {
    const cut = await node({ viaProxy: true });
    const other = await node();
    const erin = user();
    const frank = user();
    await cut.store.connect(frank, 'tab-1', Date.now());

    proxy.cut();
    // Answered from this node's memory, without waiting on Redis.
    expect((await cut.store.connect(erin, 'tab-1', Date.now())).changed).toBe(true);
    expect(await cut.store.onlineAmong([erin])).toEqual(new Set([erin]));
    await cut.store.disconnect(frank, 'tab-1', Date.now());
    expect(await other.store.onlineAmong([erin, frank])).toEqual(new Set([frank]));

    proxy.restore();
    await eventually(async () => cut.flips.length >= 2);
    await cut.store.settled();
    expect(await other.store.onlineAmong([erin, frank])).toEqual(new Set([erin]));
    expect(cut.flips.map(({ userId, change }) => [userId, change.state.isOnline])).toEqual(
      expect.arrayContaining([
        [erin, true],
        [frank, false],
      ]),
    );
  });
});
