import { defaultRangeExtractor, type Range } from '@tanstack/react-virtual';

/**
 * docs/product.md#chat-room: after a jump, the rows mounted beyond those in view grow by
 * `reachStep` a side each frame; a jump is a view with more than `jumpRows` rows that were not
 * mounted before (paging back to the top, a search result, the end, the opening).
 */
export const reachStep = 2;
export const jumpRows = 3;

/**
 * The rows to mount for each range the virtual list asks about, remembering which were mounted
 * (by key: indexes move when older rows are added above). A jump lands on rows none of which
 * are mounted; mounting them and their margins in one task is a long frame, so then only the
 * rows in view are mounted, and `jumped` says the margin should start again from none.
 */
export function mountRange() {
  let mounted: ReadonlySet<string | number> = new Set();
  return (range: Range, keyAt: (index: number) => string | number) => {
    let fresh = 0;
    for (let index = range.startIndex; index <= range.endIndex; index += 1) {
      if (!mounted.has(keyAt(index))) fresh += 1;
    }
    const jumped = fresh > jumpRows && range.overscan > 0;
    const indexes = defaultRangeExtractor(jumped ? { ...range, overscan: 0 } : range);
    mounted = new Set(indexes.map(keyAt));
    return { indexes, jumped };
  };
}
