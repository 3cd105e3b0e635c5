import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { RedisTyping } from '../../src/lib/redis/typing-store';
import { SharedTypingStore } from '../../src/realtime/shared-typing-store';
import { MemoryTypingStore, type TypingEntry } from '../../src/realtime/typing-store';
import { eventually } from '../helpers/mcp';
import {
  commandClient,
  createScratchRedis,
  redisServerUrl,
  type ScratchRedis,
} from '../helpers/redis';
import { startRedisProxy, type RedisProxy } from '../helpers/redis-proxy';

const ttlMs = 300;
const relayEveryMs = 100;

describe.skipIf(!redisServerUrl)('typing indicators shared by the nodes of a site', () => {
  let redis: ScratchRedis;
  let proxy: RedisProxy;
  const stores: SharedTypingStore[] = [];
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

  /** One node's store, and the expiries it announced. */
  async function node(viaProxy = false) {
    const client = commandClient(viaProxy ? proxy.url : redis.url);
    clients.push(client);
    const store = new SharedTypingStore({
      shared: new RedisTyping(client, redis.prefix, ttlMs, relayEveryMs),
      local: new MemoryTypingStore(ttlMs, relayEveryMs),
      log: { warn: () => {} },
      sweepMs: 50,
    });
    stores.push(store);
    const expired: TypingEntry[] = [];
    store.onExpire((entry) => expired.push(entry));
    await eventually(async () => client.status === 'ready');
    return { store, expired };
  }
  const entry = (socketId = 'tab-1'): TypingEntry => ({
    chatId: `chat-${Math.random().toString(36).slice(2)}`,
    userId: 'u-1',
    username: 'alice',
    socketId,
  });

  it('an indicator started through one node is stopped through another', async () => {
    const a = await node();
    const b = await node();
    const typing = entry();
    expect(await a.store.start(typing)).toBe(true);
    expect(await b.store.start(typing)).toBe(false); // a renewal, not a new indicator
    expect(await b.store.stop(typing.chatId, typing.userId)).toEqual(typing);
    expect(await a.store.stop(typing.chatId, typing.userId)).toBeNull();
  });

  it('renewals through any node are announced at most once a relay window; the expiry still comes', async () => {
    const a = await node();
    const b = await node();
    const typing = entry();
    const startedAt = Date.now();
    let announced = 0;
    let renewals = 0;
    // Renewed through both nodes until the window has passed at least twice.
    while (announced < 3) {
      if (await (renewals % 2 === 0 ? a : b).store.start(typing)) announced += 1;
      renewals += 1;
    }
    const windows = (Date.now() - startedAt) / relayEveryMs;
    expect(renewals).toBeGreaterThan(announced);
    expect(announced).toBeLessThanOrEqual(1 + Math.ceil(windows));
    await eventually(async () => a.expired.length + b.expired.length > 0);
    expect([...a.expired, ...b.expired]).toEqual([typing]);
  });

  it('an indicator stopped and started again within the window is announced again', async () => {
    const a = await node();
    const b = await node();
    const typing = entry();
    expect(await a.store.start(typing)).toBe(true);
    await b.store.stop(typing.chatId, typing.userId);
    expect(await b.store.start(typing)).toBe(true);
    // Left running, it would expire into the next test's nodes.
    expect(await a.store.stop(typing.chatId, typing.userId)).toEqual(typing);
  });

  it('an indicator nobody renews expires once, announced by one node of the two', async () => {
    const a = await node();
    const b = await node();
    const typing = entry();
    await a.store.start(typing);
    await eventually(async () => a.expired.length + b.expired.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect([...a.expired, ...b.expired]).toEqual([typing]);
  });

  it('a socket that leaves ends its own indicators, not those the user renewed elsewhere', async () => {
    const a = await node();
    const b = await node();
    const here = entry('tab-1');
    const movedOn = { ...entry('tab-1') };
    await a.store.start(here);
    await a.store.start(movedOn);
    await b.store.start({ ...movedOn, socketId: 'tab-2' });
    expect(await b.store.stopSocket('tab-1')).toEqual([here]);
    expect(await a.store.stop(movedOn.chatId, movedOn.userId)).toMatchObject({ socketId: 'tab-2' });
  });

  it('while Redis does not answer, indicators live and expire on the node', async () => {
    const cut = await node(true);
    proxy.cut();
    const typing = entry();
    expect(await cut.store.start(typing)).toBe(true);
    await eventually(async () => cut.expired.length > 0);
    expect(cut.expired).toEqual([typing]);
    const again = entry();
    await cut.store.start(again);
    expect(await cut.store.stop(again.chatId, again.userId)).toEqual(again);
  });
});
