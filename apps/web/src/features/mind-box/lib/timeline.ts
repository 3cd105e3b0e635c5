/**
 * The rows of the message list (spec section 3 "Display message"): a timeline separator before
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

function sameDay(a: Date, b: Date): boolean {
  return (
    a.getFullYear() === b.getFullYear() &&
    a.getMonth() === b.getMonth() &&
    a.getDate() === b.getDate()
  );
}

// Creating a formatter is the slow part of formatting a date: one per locale and kind.
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, kind: 'time' | 'day'): Intl.DateTimeFormat {
  const key = `${locale}|${kind}`;
  let format = formatters.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      locale,
      kind === 'time'
        ? { hour: '2-digit', minute: '2-digit' }
        : { month: 'numeric', day: 'numeric' },
    );
    formatters.set(key, format);
  }
  return format;
}

export function timelineLabel(timestamp: number, locale: string, now = new Date()): string {
  const date = new Date(timestamp);
  return formatter(locale, sameDay(date, now) ? 'time' : 'day').format(date);
}
