/**
 * The rows of the message list (docs/product.md#ai-chat): a timeline separator before
 * the first message and wherever 5 minutes or more pass between two messages, showing the time
 * only for today and month/day otherwise.
 */
import type { AiChatMessage } from '@confab/protocol/ai-chat';
import { limits } from '@confab/protocol/limits';

export type MessageRow =
  | { type: 'timeLine'; key: string; timestamp: number }
  | { type: 'text'; key: string; message: AiChatMessage };

export function messageRows(messages: readonly AiChatMessage[]): MessageRow[] {
  const rows: MessageRow[] = [];
  let previous: number | null = null;
  for (const message of messages) {
    if (previous === null || message.createdAt - previous >= limits.timelineGapMs) {
      rows.push({ type: 'timeLine', key: `t-${message.id}`, timestamp: message.createdAt });
    }
    rows.push({ type: 'text', key: message.id, message });
    previous = message.createdAt;
  }
  return rows;
}
