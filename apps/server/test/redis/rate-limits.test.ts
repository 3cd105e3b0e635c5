import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { RedisAttemptLimiter } from '../../src/lib/redis/attempt-limiter';
import { RedisDelayLimiter } from '../../src/lib/redis/progressive-delay';
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

  const stranger = '198.51.100.66';
  const owner = '203.0.113.5';
  const loginFrom = (node: number, remoteAddress: string, username: string, password: string) =>
    site!.nodes[node]!.app.inject({
      method: 'POST',
      url: '/api/_auth/login',
      remoteAddress,
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

  it('counts one account’s names together across nodes, per client address', async () => {
    site = await startSharedNodes(2, redis, { rateLimits: { loginFailuresPerAccount: 3 } });
    const { user, password } = await signUp(site.nodes[0]!.app);
    expect((await loginFrom(0, stranger, user.username, 'wrong one')).statusCode).toBe(401);
    expect((await loginFrom(1, stranger, user.email, 'wrong two')).statusCode).toBe(401);
    expect((await loginFrom(0, stranger, user.email, 'wrong three')).statusCode).toBe(401);
    for (const node of [0, 1]) {
      expect((await loginFrom(node, stranger, user.username, password)).statusCode).toBe(429);
    }
    // The owner's address is not locked, on either node.
    expect((await loginFrom(1, owner, user.email, password)).statusCode).toBe(200);
    expect((await loginFrom(0, owner, user.username, password)).statusCode).toBe(200);
  });

  it('slows every attempt on an account once failures through all nodes add up, never locking the owner out', async () => {
    site = await startSharedNodes(2, redis, {
      rateLimits: {
        loginFailuresPerAccount: 2,
        loginSlowdownAfterFailures: 3,
        loginDelayMs: 2_000,
        loginMaxDelayMs: 2_000,
      },
    });
    const { user, password } = await signUp(site.nodes[0]!.app);
    expect((await loginFrom(0, '198.51.100.1', user.username, 'wrong')).statusCode).toBe(401);
    expect((await loginFrom(1, '198.51.100.2', user.username, 'wrong')).statusCode).toBe(401);
    expect((await loginFrom(0, '198.51.100.3', user.username, 'wrong')).statusCode).toBe(401);
    // The third failure made the account wait: a fourth address is told so on the other node.
    const waiting = await loginFrom(1, '198.51.100.4', user.username, password);
    expect(waiting.statusCode).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBe(2);
    const signedIn = await eventually(async () => {
      const response = await loginFrom(1, owner, user.username, password);
      if (response.statusCode === 200) return response;
      expect(response.statusCode).toBe(429);
      return false;
    }, 50);
    expect(signedIn.json()).toMatchObject({ user: { id: user.id } });
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

describe.skipIf(!redisServerUrl)('RedisAttemptLimiter and RedisDelayLimiter', () => {
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

  it('takes attempts in one step until the limit, then answers the wait without counting', async () => {
    const [a, b] = limiters(60_000);
    expect(await a!.take('gina')).toBe(0);
    expect(await b!.take('gina')).toBe(0);
    expect(await a!.take('gina')).toBe(0);
    const wait = await b!.take('gina');
    expect(wait).toBeGreaterThan(55);
    expect(wait).toBeLessThanOrEqual(60);
    // A refused attempt is not counted: the window is not extended and the count stays.
    expect(await redis.client.get(`${redis.prefix}failures:gina`)).toBe('3');
    expect(await a!.retryAfter('gina')).toBe(wait);
    expect(await a!.take('hal')).toBe(0);
  });

  it('forgets failures when their window ends', async () => {
    const [a] = limiters(300);
    for (let i = 0; i < 3; i += 1) await a!.recordFailure('frank');
    expect(await a!.retryAfter('frank')).toBeGreaterThan(0);
    await eventually(async () => (await a!.retryAfter('frank')) === 0);
    expect(await redis.client.exists(`${redis.prefix}failures:frank`)).toBe(0);
  });

  const settings = { freeFailures: 2, firstDelayMs: 10_000, maxDelayMs: 35_000, windowMs: 60_000 };
  const delayLimiters = () =>
    clients.map((client) => new RedisDelayLimiter(client, `${redis.prefix}delays:`, settings));

  it('makes attempts wait longer after each failure past the free ones, up to the most, on every node', async () => {
    const [a, b] = delayLimiters();
    await a!.recordFailure('gina');
    expect(await b!.retryAfter('gina')).toBe(0);
    const waits: number[] = [];
    for (const limiter of [b!, a!, b!, a!]) {
      await limiter.recordFailure('gina');
      waits.push(await (limiter === a ? b! : a!).retryAfter('gina'));
    }
    // 10 s, 20 s, then 35 s (the most) instead of 40 s and 80 s.
    expect(waits).toEqual([10, 20, 35, 35]);
    expect(await a!.retryAfter('hal')).toBe(0);
    await b!.reset('gina');
    expect(await a!.retryAfter('gina')).toBe(0);
    await a!.recordFailure('gina');
    expect(await b!.retryAfter('gina')).toBe(0);
  });
});
