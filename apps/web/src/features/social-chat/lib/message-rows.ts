import { limits } from '@confab/protocol/limits';
import type { RoomMessage } from './message-order';

export type RoomRow =
  | { type: 'timeLine'; key: string; timestamp: number }
  | { type: 'message'; key: string; message: RoomMessage };

/**
 * The rows of the chat: a time separator before the first message and wherever 5 minutes or
 * more pass between two messages (docs/product.md#limits: 300000 ms).
 */
export function roomRows(messages: readonly RoomMessage[]): RoomRow[] {
  const rows: RoomRow[] = [];
  let previous: number | null = null;
  for (const message of messages) {
    if (previous === null || message.timestamp - previous >= limits.timelineGapMs) {
      rows.push({ type: 'timeLine', key: `t-${message.key}`, timestamp: message.timestamp });
    }
    rows.push({ type: 'message', key: message.key, message });
    previous = message.timestamp;
  }
  return rows;
}
