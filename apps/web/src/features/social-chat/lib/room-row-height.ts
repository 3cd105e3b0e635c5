import type { RoomMessage } from './message-order';
import type { RoomRow } from './message-rows';

/**
 * A room row's height before it has been laid out (docs/product.md#chat-room). The virtual list
 * places the rows it has not measured by this estimate; the closer it is, the less the view
 * moves when the real heights come in.
 */
const line = 20;
/** The advance of an average text-sm character. */
const charWidth = 7;
/** The bubble's padding and the article's own. */
const bubbleFrame = 16 + 4;
const nameLine = 20;
const footLine = 20;
const media = 208;
const fileRow = 56;
export const headRowHeight = 40;
export const lineRowHeight = 36;

/**
 * By message: the virtualiser asks again for every row after one that was added or measured,
 * and a message's text does not change while it is held.
 */
const estimates = new WeakMap<
  RoomMessage,
  { width: number; first: boolean; last: boolean; height: number }
>();

export function estimateRoomRow(row: RoomRow, width: number): number {
  if (row.type !== 'message') return lineRowHeight;
  const known = estimates.get(row.message);
  if (known && known.width === width && known.first === row.first && known.last === row.last) {
    return known.height;
  }
  const height = estimateMessageRow(row, width);
  estimates.set(row.message, { width, first: row.first, last: row.last, height });
  return height;
}

function estimateMessageRow(row: Extract<RoomRow, { type: 'message' }>, width: number): number {
  const { message } = row;
  let height = bubbleFrame;
  if (row.first) height += nameLine;
  if (row.last) height += footLine;
  if (message.attachment) {
    return height + (message.contentType === 'image' ? media : fileRow);
  }
  const perLine = Math.max(8, Math.floor((width * 0.85 - 40) / charWidth));
  const lines = message.content
    .split('\n')
    .reduce((n, text) => n + Math.max(1, Math.ceil(text.length / perLine)), 0);
  return height + lines * line;
}
