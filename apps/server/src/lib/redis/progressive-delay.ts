import type { Redis } from 'ioredis';
import type { AttemptLimiter } from '../attempt-limiter';
import type { DelaySettings } from '../progressive-delay';

// Same rule as delayAfter (lib/progressive-delay.ts), in one step, so that failures through
// several nodes at once each count. The wait is a key of its own that expires with it: no clock
// of any node is read.
const recordFailureScript = `
local failures = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
local free = tonumber(ARGV[2])
if failures >= free then
  local delay = math.min(tonumber(ARGV[4]), tonumber(ARGV[3]) * 2 ^ math.min(30, failures - free))
  if delay >= 1 then redis.call('SET', KEYS[2], '1', 'PX', math.floor(delay)) end
end
return failures`;

/** The progressive delay shared by every node: see DelaySettings. */
export class RedisDelayLimiter implements AttemptLimiter {
  constructor(
    private readonly redis: Redis,
    /** Prefix of its keys, e.g. "confab:login-delays:". */
    private readonly prefix: string,
    private readonly settings: DelaySettings,
  ) {}

  async retryAfter(key: string): Promise<number> {
    const waitMs = await this.redis.pttl(this.waitKey(key));
    return waitMs > 0 ? Math.ceil(waitMs / 1000) : 0;
  }

  async recordFailure(key: string): Promise<void> {
    const { windowMs, freeFailures, firstDelayMs, maxDelayMs } = this.settings;
    await this.redis.eval(
      recordFailureScript,
      2,
      this.countKey(key),
      this.waitKey(key),
      String(windowMs),
      String(freeFailures),
      String(firstDelayMs),
      String(maxDelayMs),
    );
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.countKey(key), this.waitKey(key));
  }

  private countKey(key: string): string {
    return `${this.prefix}count:${key}`;
  }

  private waitKey(key: string): string {
    return `${this.prefix}wait:${key}`;
  }
}
