import { describe, expect, it } from 'vitest';
import {
  FallbackAttemptLimiter,
  MemoryAttemptLimiter,
  type AttemptLimiter,
} from '../../src/lib/attempt-limiter';

/** A shared store that can be switched off, like Redis during an outage. */
function switchableStore(store: AttemptLimiter) {
  let down = false;
  const guard =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A) =>
      down ? Promise.reject(new Error('Stream isn’t writeable')) : fn(...args);
  return {
    setDown: (value: boolean) => (down = value),
    limiter: {
      retryAfter: guard((key: string) => store.retryAfter(key)),
      recordFailure: guard((key: string) => store.recordFailure(key)),
      reset: guard((key: string) => store.reset(key)),
    } satisfies AttemptLimiter,
  };
}

describe('sign-in failures when the shared store fails', () => {
  it('counts on the node meanwhile, warns once, and uses the shared store again after', async () => {
    const shared = switchableStore(new MemoryAttemptLimiter(2, 60_000));
    const warnings: string[] = [];
    const limiter = new FallbackAttemptLimiter(
      shared.limiter,
      new MemoryAttemptLimiter(2, 60_000),
      {
        warn: (_object, message) => warnings.push(message),
      },
    );

    shared.setDown(true);
    await limiter.recordFailure('gina');
    expect(await limiter.retryAfter('gina')).toBe(0);
    await limiter.recordFailure('gina');
    expect(await limiter.retryAfter('gina')).toBeGreaterThan(0);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/counting them on this node/);

    // Back: the shared store, which saw none of the outage's failures, decides again.
    shared.setDown(false);
    expect(await limiter.retryAfter('gina')).toBe(0);
    await limiter.recordFailure('hal');
    await limiter.recordFailure('hal');
    expect(await shared.limiter.retryAfter('hal')).toBeGreaterThan(0);

    // A second outage warns again, once.
    shared.setDown(true);
    await limiter.recordFailure('ivy');
    await limiter.recordFailure('ivy');
    expect(warnings).toHaveLength(2);
  });
});
