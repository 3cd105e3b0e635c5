import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ReadyReply } from '@confab/protocol/health';
import { databaseTargets } from '../helpers/database-targets';
import { eventually } from '../helpers/mcp';
import { createScratchRedis, redisServerUrl, type ScratchRedis } from '../helpers/redis';
import { startRedisProxy, type RedisProxy } from '../helpers/redis-proxy';
import { startTestApp, type TestApp } from '../helpers/test-app';

const ready = async (t: TestApp) => {
  const response = await t.app.inject({ url: '/api/ready' });
  return { status: response.statusCode, body: response.json<ReadyReply>() };
};

describe.each(databaseTargets)('readiness of a single node without Redis ($engine)', (target) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('is ready when the database answers', async () => {
    t = await startTestApp(target);
    expect(await ready(t)).toEqual({
      status: 200,
      body: {
        ready: true,
        database: 'up',
        redis: 'not configured',
        shuttingDown: false,
        message: 'ready',
      },
    });
  });

  it('answers 503 naming the database when it does not answer', async () => {
    t = await startTestApp(target);
    await t.app.database.close();
    const { status, body } = await ready(t);
    expect(status).toBe(503);
    expect(body).toMatchObject({ ready: false, database: 'down' });
    expect(body.message).toBe('Not ready: the database does not answer');
    // Liveness is another question: the process still answers.
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
  });

  it('stops being ready once shutdown begins', async () => {
    t = await startTestApp(target);
    t.app.services.readiness.beginShutdown();
    const { status, body } = await ready(t);
    expect(status).toBe(503);
    expect(body).toMatchObject({ ready: false, shuttingDown: true, database: 'up' });
    expect(body.message).toBe('Not ready: the node is shutting down');
  });
});

describe.skipIf(!redisServerUrl)('readiness with Redis', () => {
  let redis: ScratchRedis;
  let proxy: RedisProxy;
  let t: TestApp;
  beforeAll(async () => {
    redis = await createScratchRedis(redisServerUrl!);
    proxy = await startRedisProxy(redis.url);
    t = await startTestApp(undefined, { redisUrl: proxy.url, redisKeyPrefix: redis.prefix });
  });
  afterAll(async () => {
    await t?.close();
    await proxy?.close();
    await redis?.drop();
  });

  it('names Redis when it stops answering, and is ready again when it returns', async () => {
    expect(await ready(t)).toMatchObject({ status: 200, body: { redis: 'up', database: 'up' } });

    proxy.cut();
    const down = await ready(t);
    expect(down.status).toBe(503);
    expect(down.body).toMatchObject({ ready: false, database: 'up', redis: 'down' });
    expect(down.body.message).toBe('Not ready: Redis does not answer');
    expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);

    proxy.restore();
    const back = await eventually(async () => {
      const answer = await ready(t);
      return answer.status === 200 && answer;
    });
    expect(back.body).toMatchObject({ ready: true, redis: 'up' });
  });
});
