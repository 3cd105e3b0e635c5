import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchRedis, redisServerUrl, type ScratchRedis } from '../helpers/redis';
import { eventually } from '../helpers/mcp';
import { startSharedNodes } from '../helpers/shared-nodes';
import { connect, listen, type ClientSocket } from '../helpers/sockets';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy';
import { signUp } from '../helpers/users';

/**
 * The Redis stream that carries events between nodes keeps its newest entries only
 * (REDIS_STREAM_MAX_LEN). A node that falls behind it (a busy event loop, a slow link) finds
 * the entries it had not read gone: its tabs missed events, and are told to catch up.
 */
describe.skipIf(!redisServerUrl)('a node that falls behind the event stream', () => {
  let redis: ScratchRedis;
  let proxy: TcpProxy;
  let site: Awaited<ReturnType<typeof startSharedNodes>>;
  let urls: string[];
  const open: ClientSocket[] = [];

  beforeAll(async () => {
    redis = await createScratchRedis(redisServerUrl!);
    const target = new URL(redis.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 6379) });
    site = await startSharedNodes(
      2,
      { ...redis, urlOfNode: (index) => (index === 1 ? proxy.urlThrough(redis.url) : redis.url) },
      { redisStreamMaxLen: 100 },
    );
    urls = await Promise.all(site.nodes.map((node) => listen(node.app)));
  });
  afterAll(async () => {
    for (const socket of open.splice(0)) socket.close();
    await site?.close();
    await proxy?.close();
    await redis?.drop();
  });

  it('tells its tabs to catch up once entries they needed were trimmed before it read them', async () => {
    const bob = await signUp(site.nodes[1]!.app);
    const bobOnB = await connect(urls[1]!, { cookie: bob.cookie });
    open.push(bobOnB);
    const nodeA = site.nodes[0]!.app;

    // Node B's link to Redis goes silent while node A publishes far more than the stream keeps
    // (to a room with no tab: node B reads every entry all the same).
    proxy.pause();
    for (let i = 0; i < 1_000; i += 1) nodeA.io.to('user:nobody').emit('catchUp');
    await redis.client.ping();
    // Nothing of the pause reached node B's own checks: Redis is still available to it.
    expect(site.nodes[1]!.app.redis!.isAvailable()).toBe(true);
    expect(Number(await redis.client.xlen(`${redis.prefix}socket.io`))).toBeLessThan(1_000);
    proxy.resume();

    // Bob's tab, idle on node B, may have missed events: it is told to catch up.
    await bobOnB.next('catchUp');
  });

  it('tells nothing to the tabs of a node that keeps up while the stream is trimmed', async () => {
    const carol = await signUp(site.nodes[1]!.app);
    const carolOnB = await connect(urls[1]!, { cookie: carol.cookie });
    open.push(carolOnB);
    const nodeA = site.nodes[0]!.app;
    const added = () => carolOnB.received.filter(({ event }) => event === 'newFriendChat').length;
    // 300 entries, past what the stream keeps, each round read before the next is sent.
    for (let round = 1; round <= 15; round += 1) {
      for (let i = 0; i < 20; i += 1) {
        nodeA.io.to(`user:${carol.user.id}`).emit('newFriendChat', { round, i } as never);
      }
      await eventually(async () => added() === round * 20);
    }
    const info = (await redis.client.call(
      'XINFO',
      'STREAM',
      `${redis.prefix}socket.io`,
    )) as unknown[];
    const field = (name: string) => Number(info[info.indexOf(name) + 1]);
    expect(field('entries-added') - field('length')).toBeGreaterThan(0);
    expect(carolOnB.received.map(({ event }) => event)).not.toContain('catchUp');
  });
});

describe.skipIf(!redisServerUrl)('a busy node reading the event stream', () => {
  let redis: ScratchRedis;
  let site: Awaited<ReturnType<typeof startSharedNodes>>;
  let urls: string[];
  const open: ClientSocket[] = [];

  beforeAll(async () => {
    redis = await createScratchRedis(redisServerUrl!);
    site = await startSharedNodes(2, redis, { redisStreamMaxLen: 2_000 });
    urls = await Promise.all(site.nodes.map((node) => listen(node.app)));
  });
  afterAll(async () => {
    for (const socket of open.splice(0)) socket.close();
    await site?.close();
    await redis?.drop();
  });

  it('keeps up with a sustained flow while its event loop is busy', async () => {
    const dave = await signUp(site.nodes[0]!.app);
    const daveOnA = await connect(urls[0]!, { cookie: dave.cookie });
    open.push(daveOnA);
    const nodeB = site.nodes[1]!.app;
    const added = () => daveOnA.received.filter(({ event }) => event === 'newFriendChat').length;
    // A loaded node: every turn of its event loop takes 5 ms of work, and each turn 300 more
    // entries join the stream, which keeps 2,000. The reader gets about one read a turn: it
    // must take a turn's entries in one read, or it falls behind the trim.
    const turns = 40;
    for (let turn = 0; turn < turns; turn += 1) {
      const busyUntil = performance.now() + 5;
      while (performance.now() < busyUntil);
      for (let i = 0; i < 300; i += 1) {
        nodeB.io.to(`user:${dave.user.id}`).emit('newFriendChat', { turn, i } as never);
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    await eventually(
      async () =>
        added() === turns * 300 || daveOnA.received.some(({ event }) => event === 'catchUp'),
    );
    expect(daveOnA.received.map(({ event }) => event)).not.toContain('catchUp');
    expect(added()).toBe(turns * 300);
  });
});
