/**
 * Splits markdown into top-level blocks at blank lines outside fenced code, so a streaming reply
 * re-renders only its last block: finished blocks keep their text and so their memoised output.
 * A blank line inside a list or a table splits it too; each part still renders correctly, and
 * the split points move only forward while text is appended.
 */
export function markdownBlocks(text: string): string[] {
  const blocks: string[] = [];
  let start = 0;
  let fence: string | null = null;
  let lineStart = 0;
  let blankRun = false;
  while (lineStart <= text.length) {
    const end = text.indexOf('\n', lineStart);
    const lineEnd = end < 0 ? text.length : end;
    const line = text.slice(lineStart, lineEnd);
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker) {
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null;
    }
    const blank = line.trim() === '' && fence === null;
    if (blank && !blankRun && lineStart > start) {
      blocks.push(text.slice(start, lineStart));
    }
    if (blank) start = lineEnd + 1;
    blankRun = blank;
    if (end < 0) break;
    lineStart = end + 1;
  }
  if (start < text.length) blocks.push(text.slice(start));
  return blocks.filter((b) => b.trim() !== '');
}
