import type { Redis } from 'ioredis';

/**
 * A Lua script, always sent whole with EVAL (Redis still compiles it once and caches it).
 * EVALSHA would need a second round trip whenever Redis lost its script cache (a restart), and
 * that retry would run after commands sent meanwhile: scripts on one connection must run in the
 * order they were sent, or a resync could erase a socket that connected just after it.
 */
export class RedisScript {
  constructor(private readonly source: string) {}

  run(redis: Redis, keys: readonly string[], args: readonly string[]): Promise<unknown> {
    return redis.eval(this.source, keys.length, ...keys, ...args);
  }
}
