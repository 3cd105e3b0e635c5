/**
 * The label of a timeline separator (docs/product.md#ai-chat): the time only for today, month/day
 * otherwise. Shared by the AI chat and the one-to-one chat room.
 */
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
        ? // The clock the chat list and the bubbles use (chat-time.ts): 12- or 24-hour by locale.
          { hour: 'numeric', minute: '2-digit' }
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
