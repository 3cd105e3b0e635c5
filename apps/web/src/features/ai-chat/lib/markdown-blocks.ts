/**
 * Splits markdown into top-level blocks at blank lines outside fenced code and display math, so a streaming reply
 * re-renders only its last block: finished blocks keep their text and so their memoised output.
 * A blank line inside a list splits it too; each part still renders correctly, and the split
 * points only move forward while text is appended.
 */
export interface BlockSplit {
  /** Blocks followed by a blank line: they will not change as text is appended. */
  done: string[];
  /** Where the last, still open block starts. */
  openStart: number;
}

/** Scans `text` from `from` (a block boundary: outside any fence). */
export function splitBlocks(text: string, from = 0): BlockSplit {
  const done: string[] = [];
  let start = from;
  let fence: string | null = null;
  let lineStart = from;
  while (lineStart < text.length) {
    const end = text.indexOf('\n', lineStart);
    if (end < 0) break; // The last line may still grow: it decides nothing yet.
    const line = text.slice(lineStart, end);
    // Display math on lines of its own (`$$`, or `\[` … `\]`) is a fence too.
    const trimmed = line.trim();
    const opensMath: boolean = trimmed === '$$' || (trimmed === '\\[' && fence === null);
    const closesMath: boolean = trimmed === '\\]' && fence === '\\[';
    const math: string | null = opensMath ? trimmed : closesMath ? '\\[' : null;
    const marker: string | null = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1] ?? math;
    if (marker) {
      if (fence === null) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = null;
    }
    if (fence === null && line.trim() === '') {
      const block = text.slice(start, lineStart);
      if (block.trim() !== '') done.push(block);
      start = end + 1;
    }
    lineStart = end + 1;
  }
  return { done, openStart: start };
}

/** Every block of a finished text. */
export function markdownBlocks(text: string): string[] {
  const { done, openStart } = splitBlocks(text);
  const rest = text.slice(openStart);
  return rest.trim() ? [...done, rest] : done;
}

export const groupSize = 32;

/**
 * Incremental blocks for text that grows by appending: each call re-scans only from the open
 * block. Finished blocks come in groups of 32 whose arrays never change once full, so a
 * memoised group renders once.
 */
export class BlockCache {
  private text = '';
  private openStart = 0;
  groups: string[][] = [];
  open = '';
  /** How many finished blocks there are (all groups together). */
  count = 0;

  /** The finished block at `index`. */
  block(index: number): string | undefined {
    return this.groups[Math.floor(index / groupSize)]?.[index % groupSize];
  }

  /** The finished blocks from `from` up to `to`. */
  blocks(from: number, to: number): string[] {
    const out: string[] = [];
    for (let i = from; i < to; i += 1) out.push(this.block(i)!);
    return out;
  }

  update(text: string): void {
    if (!text.startsWith(this.text)) {
      this.text = '';
      this.openStart = 0;
      this.groups = [];
      this.count = 0;
    }
    const { done, openStart } = splitBlocks(text, this.openStart);
    if (done.length) {
      // A changed group is a new array; full groups keep theirs, so their render is reused.
      const groups = this.groups.slice();
      for (const block of done) {
        const last = groups.at(-1);
        if (!last || last.length >= groupSize) groups.push([block]);
        else groups[groups.length - 1] = [...last, block];
      }
      this.groups = groups;
      this.count += done.length;
    }
    this.text = text;
    this.openStart = openStart;
    this.open = text.slice(openStart);
  }
}
