import 'fake-indexeddb/auto';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n/i18n';
import { alice, fakeServer } from '../helpers/fake-server';
import { emptyAiChats } from '../helpers/ai-chat-page';
import { renderApp } from '../helpers/render-app';
import { warmAiChatPage } from '../helpers/warm-ai-chat';

warmAiChatPage();

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeLanguage('en');
});

/**
 * The browser's first date formatter costs tens of milliseconds (its locale data loads), and the
 * first message of a chat shows a time: made then, it lengthened the send's own task.
 */
it('the first message sent shows its time with a date formatter made while the page was idle', async () => {
  await emptyAiChats();
  fakeServer({ session: alice });
  // The idle moments after the page shows come at once here.
  vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 0));
  vi.stubGlobal('cancelIdleCallback', (handle: number) => clearTimeout(handle));
  // The locale of every date formatter the page makes.
  const made: string[] = [];
  const RealFormat = Intl.DateTimeFormat;
  vi.stubGlobal(
    'Intl',
    Object.assign(Object.create(Intl) as typeof Intl, {
      DateTimeFormat: function DateTimeFormat(
        locale?: Intl.LocalesArgument,
        options?: Intl.DateTimeFormatOptions,
      ) {
        made.push(String(locale));
        return new RealFormat(locale, options);
      },
    }),
  );

  const view = await renderApp('/agents/mindBox');
  // Chinese, chosen after the page showed: the formatters are the new language's.
  await act(() => changeLanguage('zh-CN'));
  const input = await screen.findByRole('textbox', { name: '消息' });
  await waitFor(() => expect(input).toBeEnabled());
  await waitFor(() => expect(made).toContain('zh-CN'));

  made.length = 0;
  const user = userEvent.setup();
  await user.type(input, 'Hello there{Enter}');
  const log = screen.getByRole('log', { name: 'AI 对话' });
  const separator = await within(log).findByRole('separator');
  expect(within(separator).getByText(/\d{1,2}:\d{2}/)).toBeInTheDocument();
  expect(made).toEqual([]);
  view.unmount();
});
