import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { RedisAttemptLimiter } from '../../src/lib/redis/attempt-limiter';
import { contactsAs } from '../helpers/contacts';
import { eventually } from '../helpers/mcp';
import { createScratchRedis, keysOf, redisServerUrl, type ScratchRedis } from '../helpers/redis';
import { startSharedNodes } from '../helpers/shared-nodes';
import { signUp } from '../helpers/users';

describe.skipIf(!redisServerUrl)('rate limits shared by every node through Redis', () => {
  let redis: ScratchRedis;
  let site: Awaited<ReturnType<typeof startSharedNodes>> | undefined;

  beforeAll(async () => {
    redis = await createScratchRedis(redisServerUrl!);
  });
  afterEach(async () => {
    await site?.close();
    site = undefined;
  });
  afterAll(() => redis?.drop());

  const login = (node: number, username: string, password: string) =>
    site!.nodes[node]!.app.inject({
      method: 'POST',
      url: '/api/_auth/login',
      payload: { username, password },
    });

  it('counts sign-in attempts per address across nodes', async () => {
    site = await startSharedNodes(2, redis, { rateLimits: { loginPerIpPerMinute: 3 } });
    expect((await login(0, 'nobody', 'wrong')).statusCode).toBe(401);
    expect((await login(1, 'nobody', 'wrong')).statusCode).toBe(401);
    expect((await login(0, 'nobody', 'wrong')).statusCode).toBe(401);
    const limited = await login(1, 'nobody', 'wrong');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect((await login(0, 'nobody', 'wrong')).statusCode).toBe(429);
    expect(await keysOf(redis.client, `${redis.prefix}rate-limit:`)).not.toEqual([]);
  });

  it('locks an account on every node after failures spread over them', async () => {
    site = await startSharedNodes(2, redis, { rateLimits: { loginFailuresPerAccount: 3 } });
    const { user, password } = await signUp(site.nodes[0]!.app);
    expect((await login(0, user.username, 'wrong password')).statusCode).toBe(401);
    expect((await login(1, user.username, 'wrong password')).statusCode).toBe(401);
    expect((await login(0, user.username, 'wrong password')).statusCode).toBe(401);
    for (const node of [0, 1]) {
      const locked = await login(node, user.username, password);
      expect(locked.statusCode).toBe(429);
      expect(locked.json<{ message: string }>().message).toMatch(/Too many failed sign-in/);
    }
  });

  it('limits friend requests per user across nodes', async () => {
    site = await startSharedNodes(2, redis, { rateLimits: { addContactPerUserPerMinute: 2 } });
    const [a, b] = [site.nodes[0]!.app, site.nodes[1]!.app];
    const alice = await signUp(a);
    const others = [await signUp(a), await signUp(a), await signUp(a)];
    expect((await contactsAs(a, alice.cookie).add(others[0]!.user.username)).statusCode).toBe(200);
    expect((await contactsAs(b, alice.cookie).add(others[1]!.user.username)).statusCode).toBe(200);
    const limited = await contactsAs(a, alice.cookie).add(others[2]!.user.username);
    expect(limited.statusCode).toBe(429);
    // Another user is not affected.
    const bob = await signUp(b);
    expect((await contactsAs(b, bob.cookie).add(others[2]!.user.username)).statusCode).toBe(200);
  });
});

describe.skipIf(!redisServerUrl)('RedisAttemptLimiter', () => {
  let redis: ScratchRedis;
  let clients: Redis[];
  beforeAll(async () => {
    redis = await createScratchRedis(redisServerUrl!);
    clients = [new Redis(redis.url), new Redis(redis.url)];
  });
  afterAll(async () => {
    for (const client of clients ?? []) client.disconnect();
    await redis?.drop();
  });
  const limiters = (windowMs: number) =>
    clients.map(
      (client) => new RedisAttemptLimiter(client, `${redis.prefix}failures:`, 3, windowMs),
    );

  it('locks a key for the rest of its window once the limit is reached, on every node', async () => {
    const [a, b] = limiters(60_000);
    await a!.recordFailure('dora');
    await b!.recordFailure('dora');
    expect(await a!.retryAfter('dora')).toBe(0);
    await a!.recordFailure('dora');
    const wait = await b!.retryAfter('dora');
    expect(wait).toBeGreaterThan(55);
    expect(wait).toBeLessThanOrEqual(60);
    expect(await b!.retryAfter('eve')).toBe(0);
    await b!.reset('dora');
    expect(await a!.retryAfter('dora')).toBe(0);
  });

  it('forgets failures when their window ends', async () => {
    const [a] = limiters(300);
    for (let i = 0; i < 3; i += 1) await a!.recordFailure('frank');
    expect(await a!.retryAfter('frank')).toBeGreaterThan(0);
    await eventually(async () => (await a!.retryAfter('frank')) === 0);
    expect(await redis.client.exists(`${redis.prefix}failures:frank`)).toBe(0);
  });
});
