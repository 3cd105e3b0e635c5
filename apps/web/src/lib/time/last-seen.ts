import { i18n } from '@/lib/i18n/i18n';

const minuteMs = 60_000;

const twoDigits = (value: number) => String(value).padStart(2, '0');
const clock = (date: Date) => `${twoDigits(date.getHours())}:${twoDigits(date.getMinutes())}`;

function dayNumber(date: Date): number {
  return Math.floor(
    Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()) / (24 * 60 * minuteMs),
  );
}

/**
 * "Last seen …" (docs/product.md#presence): just now, minutes ago within the hour, then today,
 * yesterday or the date, with the 24-hour time, in the interface's language.
 */
export function lastSeenText(lastSeen: Date, now = new Date()): string {
  const ago = now.getTime() - lastSeen.getTime();
  if (ago < minuteMs) return i18n.t('common:presence.justNow');
  if (ago < 60 * minuteMs) {
    return i18n.t('common:presence.minutesAgo', { count: Math.floor(ago / minuteMs) });
  }
  const days = dayNumber(now) - dayNumber(lastSeen);
  const time = clock(lastSeen);
  if (days <= 0) return i18n.t('common:presence.today', { time });
  if (days === 1) return i18n.t('common:presence.yesterday', { time });
  return i18n.t('common:presence.onDate', {
    month: lastSeen.getMonth() + 1,
    day: lastSeen.getDate(),
    time,
  });
}
