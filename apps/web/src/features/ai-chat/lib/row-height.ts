/**
 * A message list row's height before it has been laid out, from its text
 * (docs/product.md#ai-chat). The list places the rows it has not measured by this estimate: the
 * closer it is, the fewer rows a chat mounts only to find them off screen, and the less the view
 * moves when the real heights come in. Rows once measured keep their height here, by key, so a
 * chat opened again is placed exactly.
 */
import type { AiChatMessage } from '@confab/protocol/ai-chat';
import type { MessageRow } from './timeline';

/** text-sm at line-height 1.6 (markdown.css), and a bubble's text-sm line. */
const replyLine = 22.4;
const promptLine = 20;
/** The average advance of a character of text-sm; monospace code is a little narrower. */
const charWidth = 7;
/** A code line: 13 px at 1.5; the block's bar, padding and borders. */
const codeLine = 19.5;
const codeFrame = 58;
const tableRow = 34;
const displayMath = 56;
const blockGap = 12;
/** The card's padding and gaps, the prompt bubble's padding, the footer of buttons. */
const cardFrame = 24 + 12 + 16 + 8 + 28;
const separator = 36;

const wrapped = (text: string, perLine: number) =>
  text.split('\n').reduce((n, line) => n + Math.max(1, Math.ceil(line.length / perLine)), 0);

/** A reply's markdown, block by block (a rough reading: fences, tables, math, lists). */
export function estimateMarkdownHeight(text: string, width: number): number {
  const perLine = Math.max(10, Math.floor(width / charWidth));
  let height = 0;
  let blocks = 0;
  for (const block of text.split(/\n{2,}/)) {
    const trimmed = block.trim();
    if (!trimmed) continue;
    blocks += 1;
    const lines = trimmed.split('\n');
    if (trimmed.startsWith('```')) height += codeFrame + Math.max(1, lines.length - 2) * codeLine;
    else if (trimmed.startsWith('$$')) height += displayMath;
    else if (trimmed.startsWith('|'))
      height += lines.filter((l) => !/^\|?[\s:|-]+\|?$/.test(l)).length * tableRow;
    else if (trimmed.startsWith('#')) height += replyLine * 1.25 + 16;
    else height += wrapped(trimmed, perLine) * replyLine;
  }
  return height + Math.max(0, blocks - 1) * blockGap;
}

/**
 * Estimates by message: the virtualiser asks again for every row below one whose size changed,
 * and a message's text does not change while it is not streaming.
 */
const estimates = new WeakMap<AiChatMessage, { width: number; height: number }>();

export function estimateRowHeight(row: MessageRow, width: number): number {
  if (row.type === 'timeLine') return separator;
  const known = estimates.get(row.message);
  if (known?.width === width) return known.height;
  const height = estimateMessageHeight(row.message, width);
  estimates.set(row.message, { width, height });
  return height;
}

function estimateMessageHeight(message: AiChatMessage, width: number): number {
  const { prompt, reply, reasoning, toolCalls } = message;
  const bubble = Math.max(10, Math.floor((width * 0.85 - 40) / charWidth));
  let height = cardFrame + wrapped(prompt, bubble) * promptLine;
  height += estimateMarkdownHeight(reply, width - 24);
  if (reasoning && reasoning !== reply) height += 40 + 8;
  height += (toolCalls?.length ?? 0) * (30 + 8);
  return Math.round(height);
}

const keep = 20_000;
const measured = new Map<string, number>();

/** The height a row had when last laid out, if it was. */
export function measuredHeight(key: string): number | undefined {
  return measured.get(key);
}

export function rememberHeight(key: string, height: number): void {
  measured.delete(key);
  measured.set(key, height);
  // Oldest first out: the chats opened last keep theirs.
  if (measured.size > keep) measured.delete(measured.keys().next().value!);
}
