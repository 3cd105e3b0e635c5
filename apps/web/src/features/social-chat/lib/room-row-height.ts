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

export function estimateRoomRow(row: RoomRow, width: number): number {
  if (row.type !== 'message') return lineRowHeight;
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
