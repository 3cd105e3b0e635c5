import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { lastSeenText } from '@/lib/time/last-seen';
import { changeLanguage, i18nReady } from '@/lib/i18n/i18n';

const now = new Date(2026, 10, 27, 15, 30);
const at = (day: number, hour: number, minute: number) => new Date(2026, 10, day, hour, minute);

describe('last seen', () => {
  afterEach(() => act(() => changeLanguage('en')));

  it('reads as a short time ago, then today, yesterday or a date, in English and Chinese', async () => {
    await i18nReady;
    await act(() => changeLanguage('en'));
    expect(lastSeenText(new Date(now.getTime() - 20_000), now)).toBe('last seen just now');
    expect(lastSeenText(new Date(now.getTime() - 5 * 60_000), now)).toBe('last seen 5 min ago');
    expect(lastSeenText(at(27, 9, 5), now)).toBe('last seen today at 09:05');
    expect(lastSeenText(at(26, 22, 40), now)).toBe('last seen yesterday at 22:40');
    expect(lastSeenText(at(3, 8, 0), now)).toBe('last seen 11/3 at 08:00');
    await act(() => changeLanguage('zh-CN'));
    expect(lastSeenText(new Date(now.getTime() - 5 * 60_000), now)).toBe('最后在线：5 分钟前');
    expect(lastSeenText(at(26, 22, 40), now)).toBe('最后在线：昨天 22:40');
    expect(lastSeenText(at(3, 8, 0), now)).toBe('最后在线：11月3日 08:00');
  });
});
