import { rateLimited } from './app-error';
import { ExpiringEntries } from './expiring-entries';

/**
 * Counts failures per key (an account name) in a sliding window and locks the key once the
 * limit is reached. The memory store serves one process; a shared store serves several nodes.
 */
export interface AttemptLimiter {
  /** Seconds until the key may try again, or 0 when it is not locked. */
  retryAfter(key: string): Promise<number>;
  recordFailure(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  /**
   * retryAfter, then recordFailure when it is 0, as one step: a limiter that can (Redis, where it
   * is one round trip instead of two on every send) has it; takeAttempt uses it when present.
   */
  take?(key: string): Promise<number>;
}

/** Seconds until `key` may try again; when 0, the attempt is counted. */
function take(limiter: AttemptLimiter, key: string): Promise<number> {
  if (limiter.take) return limiter.take(key);
  return limiter.retryAfter(key).then(async (retryAfter) => {
    if (retryAfter === 0) await limiter.recordFailure(key);
    return retryAfter;
  });
}

interface Entry {
  failures: number;
  windowEndsAt: number;
}

export class MemoryAttemptLimiter implements AttemptLimiter {
  private readonly entries: ExpiringEntries<Entry>;

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.entries = new ExpiringEntries((entry) => entry.windowEndsAt, now);
  }

  retryAfter(key: string): Promise<number> {
    const entry = this.entries.get(key);
    if (!entry || entry.failures < this.maxFailures) return Promise.resolve(0);
    return Promise.resolve(Math.ceil((entry.windowEndsAt - this.now()) / 1000));
  }

  recordFailure(key: string): Promise<void> {
    const entry = this.entries.get(key);
    if (entry) entry.failures += 1;
    else this.entries.set(key, { failures: 1, windowEndsAt: this.now() + this.windowMs });
    return Promise.resolve();
  }

  reset(key: string): Promise<void> {
    this.entries.delete(key);
    return Promise.resolve();
  }
}

/**
 * A shared limiter (Redis) that falls back to this process's memory while it fails, so that
 * locks still hold, per node, during an outage, and no sign-in fails because Redis is away.
 * Failures counted in memory during an outage are not carried over when the shared store returns.
 */
export class FallbackAttemptLimiter implements AttemptLimiter {
  private failing = false;

  constructor(
    private readonly shared: AttemptLimiter,
    private readonly local: AttemptLimiter,
    private readonly log: { warn(object: object, message: string): void },
    /** What is counted, for the warning: "sign-in failures", "message sends". */
    private readonly what = 'sign-in failures',
  ) {}

  retryAfter(key: string): Promise<number> {
    return this.attempt(
      () => this.shared.retryAfter(key),
      () => this.local.retryAfter(key),
    );
  }

  recordFailure(key: string): Promise<void> {
    return this.attempt(
      () => this.shared.recordFailure(key),
      () => this.local.recordFailure(key),
    );
  }

  reset(key: string): Promise<void> {
    return this.attempt(
      () => this.shared.reset(key),
      () => this.local.reset(key),
    );
  }

  take(key: string): Promise<number> {
    return this.attempt(
      () => take(this.shared, key),
      () => take(this.local, key),
    );
  }

  private async attempt<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    try {
      const value = await shared();
      this.failing = false;
      return value;
    } catch (error) {
      if (!this.failing) {
        this.failing = true;
        this.log.warn(
          { err: error },
          `${this.what} cannot be shared through Redis; counting them on this node until it answers`,
        );
      }
      return local();
    }
  }
}

/**
 * Counts one attempt for `key`, or refuses it with a 429 (and its retry-after) once the key
 * has used its window's allowance.
 */
export async function takeAttempt(
  limiter: AttemptLimiter,
  key: string,
  /** What the 429 says, when more than "too many requests" helps. */
  message: (retryAfter: number) => string = (retryAfter) =>
    `Too many requests; try again in ${retryAfter} s`,
): Promise<void> {
  const retryAfter = await take(limiter, key);
  if (retryAfter > 0) throw rateLimited(message(retryAfter), retryAfter);
}
