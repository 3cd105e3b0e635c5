import { limits } from '@confab/protocol/limits';
import type { RoomMessage } from './message-order';

/**
 * docs/product.md#chat-room: one sender's messages less than 3 minutes apart form a group,
 * which shows the name once (on its first message) and the time once (on its last).
 */
export const groupGapMs = 180_000;

export type RoomRow =
  | { type: 'timeLine'; key: string; timestamp: number }
  | { type: 'unread'; key: string }
  | {
      type: 'message';
      key: string;
      message: RoomMessage;
      /** The first of its group: the sender's name goes above it. */
      first: boolean;
      /** The last of its group: the time goes below it. */
      last: boolean;
    };

/**
 * The rows of the chat: a time separator before the first message and wherever 5 minutes or
 * more pass between two messages (docs/product.md#limits: 300000 ms), the "new messages" line
 * before `firstUnreadKey`, and each message marked as the first or last of its group. A
 * separator or the new-messages line ends a group.
 */
export function roomRows(
  messages: readonly RoomMessage[],
  firstUnreadKey: string | null = null,
): RoomRow[] {
  const rows: RoomRow[] = [];
  let previous: Extract<RoomRow, { type: 'message' }> | null = null;
  for (const message of messages) {
    let broken = false;
    if (!previous || message.timestamp - previous.message.timestamp >= limits.timelineGapMs) {
      rows.push({ type: 'timeLine', key: `t-${message.key}`, timestamp: message.timestamp });
      broken = true;
    }
    if (message.key === firstUnreadKey) {
      rows.push({ type: 'unread', key: 'unread' });
      broken = true;
    }
    const grouped: boolean =
      !broken &&
      previous !== null &&
      previous.message.sender === message.sender &&
      message.timestamp - previous.message.timestamp < groupGapMs;
    if (previous && !grouped) previous.last = true;
    const row: Extract<RoomRow, { type: 'message' }> = {
      type: 'message' as const,
      key: message.key,
      message,
      first: !grouped,
      last: false,
    };
    rows.push(row);
    previous = row;
  }
  if (previous) previous.last = true;
  return rows;
}
