/**
 * Times as messengers show them (docs/product.md#conversation-list), on the clock the language
 * uses (12-hour for English, 24-hour for Chinese), the same in the chat list and the room.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, kind: 'clock' | 'weekday' | 'day' | 'date') {
  const key = `${locale}|${kind}`;
  let format = formatters.get(key);
  if (!format) {
    const options = (
      {
        clock: { hour: 'numeric', minute: '2-digit' },
        weekday: { weekday: 'short' },
        day: { month: 'numeric', day: 'numeric' },
        date: { year: 'numeric', month: 'numeric', day: 'numeric' },
      } satisfies Record<string, Intl.DateTimeFormatOptions>
    )[kind];
    format = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, format);
  }
  return format;
}

/** The hour and minute, 12- or 24-hour as the locale writes them. */
export function clockTime(timestamp: number, locale: string): string {
  return formatter(locale, 'clock').format(timestamp);
}

const startOfDay = (date: Date) =>
  new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();

/** Whole calendar days between `timestamp` and `now`, in local time (0: today). */
function daysAgo(timestamp: number, now: Date): number {
  return Math.round((startOfDay(now) - startOfDay(new Date(timestamp))) / 86_400_000);
}

/**
 * Today: the time; yesterday: `yesterday` (the language's word); within the week: the weekday;
 * older: the date (with the year when it is not this year's).
 */
export function chatListTime(
  timestamp: number,
  locale: string,
  now: Date,
  yesterday: string,
): string {
  const days = daysAgo(timestamp, now);
  if (days <= 0) return clockTime(timestamp, locale);
  if (days === 1) return yesterday;
  if (days < 7) return formatter(locale, 'weekday').format(timestamp);
  const sameYear = new Date(timestamp).getFullYear() === now.getFullYear();
  return formatter(locale, sameYear ? 'day' : 'date').format(timestamp);
}
