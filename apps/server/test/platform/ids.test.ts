import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { newId } from '../../src/lib/ids';

describe('newId', () => {
  it('makes UUIDs of version 7 that sort in the order they were made', async () => {
    const first = newId();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const later = Array.from({ length: 1000 }, () => newId());
    for (const id of [first, ...later]) {
      expect(z.uuid().safeParse(id).success, id).toBe(true);
      expect(id[14]).toBe('7');
      expect('89ab').toContain(id[19]);
    }
    expect(later.every((id) => id > first)).toBe(true);
    // The time is the first 48 bits; the rest is random, so ids of one millisecond differ.
    const msAgo = Date.now() - Number.parseInt(first.replace('-', '').slice(0, 12), 16);
    expect(msAgo).toBeGreaterThanOrEqual(0);
    expect(msAgo).toBeLessThan(60_000);
    expect(new Set(later).size).toBe(later.length);
  });
});
