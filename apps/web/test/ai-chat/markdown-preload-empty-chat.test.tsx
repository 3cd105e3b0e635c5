import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { markdownParser } from '@/features/ai-chat/lib/markdown-processor';
import { alice, fakeServer } from '../helpers/fake-server';
import { emptyAiChats } from '../helpers/ai-chat-page';
import { renderApp } from '../helpers/render-app';
import { warmAiChatPage } from '../helpers/warm-ai-chat';

warmAiChatPage();

afterEach(() => vi.unstubAllGlobals());

it('an empty chat loads the markdown parser while idle, before its first reply', async () => {
  await emptyAiChats();
  fakeServer({ session: alice });
  // The idle moment after the page shows comes at once here; cancelling is a timer's too.
  vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 0));
  vi.stubGlobal('cancelIdleCallback', (handle: number) => clearTimeout(handle));

  const view = await renderApp('/agents/mindBox');
  const input = await screen.findByRole('textbox', { name: 'Message' });
  await waitFor(() => expect(input).toBeEnabled());
  // An empty chat: its list has no row to load the parser for.
  const log = screen.getByRole('log', { name: 'AI chat' });
  expect(within(log).getByTestId('chat-empty')).toBeInTheDocument();
  expect(within(log).queryByRole('article')).not.toBeInTheDocument();
  // No message yet, and the parser is there for the first reply's first text.
  await waitFor(() => expect(markdownParser()).not.toBeNull(), { timeout: 15_000 });
  view.unmount();
});
