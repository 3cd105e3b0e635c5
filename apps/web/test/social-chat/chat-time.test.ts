import { describe, expect, it } from 'vitest';
import { chatListTime, clockTime } from '@/lib/time/chat-time';

const now = new Date(2026, 2, 12, 15, 0); // a Thursday afternoon
const at = (day: number, hour = 9, minute = 5, year = 2026, month = 2) =>
  new Date(year, month, day, hour, minute).getTime();

describe('the time of a chat in the list, as messengers show it', () => {
  it('today: the time, on the clock the language uses', () => {
    expect(chatListTime(at(12, 21, 5), 'en', now, 'Yesterday')).toBe(
      clockTime(at(12, 21, 5), 'en'),
    );
    expect(clockTime(at(12, 21, 5), 'en')).toMatch(/^9:05\sPM$/);
    expect(clockTime(at(12, 21, 5), 'zh-CN')).toBe('21:05');
  });

  it('yesterday: the word; within a week: the weekday; older: the date', () => {
    expect(chatListTime(at(11, 23, 59), 'en', now, 'Yesterday')).toBe('Yesterday');
    expect(chatListTime(at(11, 0, 1), 'zh-CN', now, '昨天')).toBe('昨天');
    expect(chatListTime(at(9), 'en', now, 'Yesterday')).toBe('Mon');
    expect(chatListTime(at(9), 'zh-CN', now, '昨天')).toBe('周一');
    expect(chatListTime(at(5), 'en', now, 'Yesterday')).toBe('3/5');
    expect(chatListTime(at(5), 'zh-CN', now, '昨天')).toBe('3/5');
    expect(chatListTime(at(20, 9, 5, 2025, 11), 'en', now, 'Yesterday')).toBe('12/20/2025');
    expect(chatListTime(at(20, 9, 5, 2025, 11), 'zh-CN', now, '昨天')).toBe('2025/12/20');
  });
});
