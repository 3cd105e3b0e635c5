import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { whenIdle } from '@/lib/when-idle';
import { clockTime } from './chat-time';
import { timelineLabel } from './timeline-label';

/**
 * Makes the date formatters a new message shows its time with, for the page's language, in an
 * idle moment. The browser's first formatter loads its locale data, tens of milliseconds on a
 * slow machine: made as the first message of a chat shows, it lengthened the send's own task.
 */
export function useTimeFormatWarmUp(): void {
  const { i18n } = useTranslation();
  const language = i18n.language;
  useEffect(
    () =>
      whenIdle(() => {
        const now = Date.now();
        timelineLabel(now, language);
        clockTime(now, language);
      }),
    [language],
  );
}
