import { describe, expect, it } from 'vitest';
import { MemoryDelayLimiter } from '../../src/lib/progressive-delay';

describe('MemoryDelayLimiter', () => {
  const settings = { freeFailures: 2, firstDelayMs: 10_000, maxDelayMs: 35_000, windowMs: 60_000 };

  it('makes attempts wait longer after each failure past the free ones, up to the most', async () => {
    let now = 1_000_000;
    const delays = new MemoryDelayLimiter(settings, () => now);
    await delays.recordFailure('gina');
    expect(await delays.retryAfter('gina')).toBe(0);
    const waits: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      await delays.recordFailure('gina');
      waits.push(await delays.retryAfter('gina'));
    }
    expect(waits).toEqual([10, 20, 35, 35]);
    expect(await delays.retryAfter('hal')).toBe(0);
    // The wait runs out by itself; the count is kept until a window after the last failure.
    now += 35_000;
    expect(await delays.retryAfter('gina')).toBe(0);
    await delays.recordFailure('gina');
    expect(await delays.retryAfter('gina')).toBe(35);
    now += 60_000;
    await delays.recordFailure('gina');
    expect(await delays.retryAfter('gina')).toBe(0);
    await delays.recordFailure('gina');
    await delays.reset('gina');
    expect(await delays.retryAfter('gina')).toBe(0);
  });
});
