import type { Redis } from 'ioredis';
import type { AttemptLimiter } from '../attempt-limiter';
import { RedisScript } from './script';

// The window starts at the first failure and is not extended by later ones, as in memory.
const recordFailureScript = `
local failures = redis.call('INCR', KEYS[1])
if failures == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return failures`;

// retryAfter then recordFailure in one script: milliseconds until the key may try again, or 0
// when the attempt was counted.
const takeScript = new RedisScript(`
local failures = tonumber(redis.call('GET', KEYS[1]) or '0')
if failures >= tonumber(ARGV[2]) then
  local ttl = redis.call('PTTL', KEYS[1])
  if ttl > 0 then return ttl end
end
failures = redis.call('INCR', KEYS[1])
if failures == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return 0`);

/**
 * The AttemptLimiter shared by every node: one counter per key that expires with its window,
 * so an account locked through one node is locked on all of them.
 */
export class RedisAttemptLimiter implements AttemptLimiter {
  constructor(
    private readonly redis: Redis,
    /** Prefix of the counters' keys, e.g. "confab:login-failures:". */
    private readonly prefix: string,
    private readonly maxFailures: number,
    private readonly windowMs: number,
  ) {}

  async retryAfter(key: string): Promise<number> {
    const replies = await this.redis.multi().get(this.keyOf(key)).pttl(this.keyOf(key)).exec();
    if (!replies) throw new Error('Redis discarded the transaction');
    const [failuresReply, ttlReply] = replies;
    if (failuresReply?.[0]) throw failuresReply[0];
    if (ttlReply?.[0]) throw ttlReply[0];
    const failures = Number(failuresReply?.[1] ?? 0);
    const ttlMs = Number(ttlReply?.[1] ?? 0);
    if (failures < this.maxFailures || ttlMs <= 0) return 0;
    return Math.ceil(ttlMs / 1000);
  }

  async recordFailure(key: string): Promise<void> {
    await this.redis.eval(recordFailureScript, 1, this.keyOf(key), String(this.windowMs));
  }

  async take(key: string): Promise<number> {
    const waitMs = Number(
      await takeScript.run(
        this.redis,
        [this.keyOf(key)],
        [String(this.windowMs), String(this.maxFailures)],
      ),
    );
    return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.keyOf(key));
  }

  private keyOf(key: string): string {
    return `${this.prefix}${key}`;
  }
}
