import { describe, expect, it } from 'vitest';
import { jumpRows, mountRange } from '@/features/social-chat/lib/mount-range';

const range = (startIndex: number, endIndex: number, overscan = 8) => ({
  startIndex,
  endIndex,
  overscan,
  count: 1000,
  lanes: 1,
});

describe('the rows the room mounts', () => {
  it('mounts only the rows in view after a jump, then the margin as asked', () => {
    const toMount = mountRange();
    const key = (index: number) => `m${index}`;
    // The opening lands on rows none of which are mounted.
    const opening = toMount(range(500, 515), key);
    expect(opening).toEqual({ indexes: numbers(500, 515), jumped: true });
    // The margin comes back (the list grows it frame by frame).
    expect(toMount(range(500, 515, 2), key)).toEqual({
      indexes: numbers(498, 517),
      jumped: false,
    });
    // A scroll of a few rows is no jump: the margin stays.
    expect(toMount(range(497, 512, 2), key)).toEqual({
      indexes: numbers(495, 514),
      jumped: false,
    });
    // To the top, far from anything mounted: only the rows in view again.
    expect(toMount(range(0, 15), key)).toEqual({ indexes: numbers(0, 15), jumped: true });
  });

  it('follows rows by key: a page added above is no jump', () => {
    const toMount = mountRange();
    let offset = 0;
    const key = (index: number) => `m${index - offset}`;
    toMount(range(0, 15, 0), key);
    toMount(range(0, 15, 4), key);
    // 50 older rows above: the same rows are in view at new indexes.
    offset = 50;
    expect(toMount(range(50, 65, 4), key)).toEqual({ indexes: numbers(46, 69), jumped: false });
  });

  it(`counts a view with more than ${jumpRows} rows not mounted as a jump`, () => {
    const toMount = mountRange();
    const key = (index: number) => index;
    toMount(range(100, 115, 0), key);
    expect(toMount(range(100 + jumpRows, 115 + jumpRows), key).jumped).toBe(false);
    expect(toMount(range(130, 145), key).jumped).toBe(true);
  });
});

function numbers(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
