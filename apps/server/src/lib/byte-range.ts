/** The bytes `start` to `end` of a file, both included. */
export interface ByteRange {
  start: number;
  end: number;
}

/** What a request's Range header asks of a file of a given size. */
export type RangeRequest =
  { kind: 'whole' } | { kind: 'part'; range: ByteRange } | { kind: 'unsatisfiable'; spec: string };

// One range, `a-b`, `a-` or the suffix `-n`. Several ranges, other units and anything
// malformed are not matched: RFC 9110 lets a server ignore them and send the whole file,
// which every player takes (multipart/byteranges replies would gain it nothing).
const singleRange = /^bytes=(\d*)-(\d*)$/i;

/**
 * Reads a Range header for a file of `size` bytes. A range sent with If-Range is ignored:
 * files are served without validators, so no If-Range can match (docs/product.md#chat-files).
 */
export function readRange(
  header: string | undefined,
  size: number,
  { withIfRange }: { withIfRange: boolean },
): RangeRequest {
  if (header === undefined || withIfRange) return { kind: 'whole' };
  const match = singleRange.exec(header.trim());
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  const spec = `${first}-${last}`;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    // The last n bytes; a suffix longer than the file is the whole file, an empty one nothing.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable', spec };
    return { kind: 'part', range: { start: Math.max(0, size - length), end: size - 1 } };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || (last !== '' && Number(last) < start)) {
    return { kind: 'unsatisfiable', spec };
  }
  return { kind: 'part', range: { start, end } };
}
