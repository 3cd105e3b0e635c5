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

    const online = await a.store.connect(alice, 'tab-1', t0);
    expect(online.changed).toBe(true);
    expect((await b.store.connect(alice, 'tab-2', t0 + 1)).changed).toBe(false);
    expect((await b.store.get(alice, t0 + 2)).isOnline).toBe(true);
    expect(await a.store.onlineAmong([alice, user()])).toEqual(new Set([alice]));

    // One tab away: the other still counts; both away is offline.
    expect((await a.store.setActive(alice, 'tab-1', false, t0 + 3)).changed).toBe(false);
    const away = await b.store.setActive(alice, 'tab-2', false, t0 + 4);
    expect(away).toEqual({
      changed: true,
      state: { isOnline: false, lastSeen: t0 + 4, version: expect.any(Number) },
    });
    // Decided on another node, the later flip still has the higher version.
    expect(away.state.version).toBeGreaterThan(online.state.version);
    expect((await a.store.setActive(alice, 'tab-1', true, t0 + 5)).changed).toBe(true);

    expect((await a.store.disconnect(alice, 'tab-1', t0 + 6)).changed).toBe(true);
    expect((await b.store.disconnect(alice, 'tab-2', t0 + 7)).changed).toBe(false);
    const gone = await a.store.get(alice, t0 + 8);
    expect(gone).toEqual({ isOnline: false, lastSeen: t0 + 6, version: expect.any(Number) });
    expect(gone.version).toBeGreaterThan(away.state.version);
    // A late "active" from a tab that is gone does not bring the user back.
    expect((await b.store.setActive(alice, 'tab-2', true, t0 + 9)).changed).toBe(false);
  });

  it('versions each flip above the last, across nodes, and after Redis lost them all', async () => {
    const [a, b] = [await node(), await node()];
    const alice = user();
    const versions: number[] = [];
    for (let round = 0; round < 5; round += 1) {
      const on = await (round % 2 ? a : b).store.connect(alice, `tab-${round}`, Date.now());
      const off = await (round % 2 ? b : a).store.disconnect(alice, `tab-${round}`, Date.now());
      expect([on.changed, off.changed]).toEqual([true, true]);
      versions.push(on.state.version, off.state.version);
    }
    expect(versions).toEqual([...versions].sort((x, y) => x - y));
    expect(new Set(versions).size).toBe(versions.length);
    // Not a count: Redis starting again empty (it keeps nothing on disk) does not go back.
    await redis.client.del(`${redis.prefix}presence:version:${alice}`);
    const again = await a.store.connect(alice, 'tab-x', Date.now());
    expect(again.state.version).toBeGreaterThan(versions.at(-1)!);
    expect((await b.store.get(alice, Date.now())).version).toBe(again.state.version);
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
