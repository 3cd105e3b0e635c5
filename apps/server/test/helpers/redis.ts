import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';

/** The Redis the Redis suites use (CI sets it); they are skipped, with a message, without it. */
export const redisServerUrl = process.env.TEST_REDIS_URL || undefined;

export const redisSkipReason =
  'Redis suites SKIPPED: TEST_REDIS_URL is not set (npm test sets it when a server answers on 127.0.0.1:6379)';

export interface ScratchRedis {
  url: string;
  /** Every key and channel of the run starts with it, so runs never see each other's data. */
  prefix: string;
  /** A direct connection for assertions on what the app stored. */
  client: Redis;
  /** Deletes the run's keys and disconnects. */
  drop(): Promise<void>;
}

export async function createScratchRedis(url: string): Promise<ScratchRedis> {
  const prefix = `confab-test:${Date.now().toString(36)}${randomBytes(4).toString('hex')}:`;
  const client = new Redis(url, { maxRetriesPerRequest: 1 });
  await client.ping();
  return {
    url,
    prefix,
    client,
    async drop() {
      const keys = await keysOf(client, prefix);
      if (keys.length > 0) await client.del(...keys);
      client.disconnect();
    },
  };
}

/** Every key under a prefix (SCAN, so a busy shared server is not blocked). */
export async function keysOf(client: Redis, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await client.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    keys.push(...batch);
    cursor = next;
  } while (cursor !== '0');
  return keys;
}

/**
 * A connection set up as a node's command connection is (fail fast, nothing queued or sent
 * again after a drop), for tests of the stores that use one.
 */
export function commandClient(url: string): Redis {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 500,
    retryStrategy: () => 50,
    autoResendUnfulfilledCommands: false,
  });
  client.on('error', () => {});
  return client;
}
