import 'fake-indexeddb/auto';
import { defaultSettings } from '@confab/protocol/ai-settings';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatDb } from '@/features/ai-chat/stores/chat-db';
import { initialChatState, useChatStore } from '@/features/ai-chat/stores/chat-store';
import { declareAccount } from '@/lib/account-storage/account-storage';
import { changeLanguage } from '@/lib/i18n/i18n';
import { resetSettingsForTests, saveSettings } from '@/lib/stored-settings/settings-store';
import {
  startProviderServer,
  type ProviderServer,
} from '../../../../e2e/support/provider-server/server';
import { aiChat, aiMessage } from '../helpers/ai-chat-records';
import { alice, fakeServer } from '../helpers/fake-server';
import { renderApp } from '../helpers/render-app';

let provider: ProviderServer;
const realFetch = globalThis.fetch;
beforeAll(async () => {
  provider = await startProviderServer();
});
afterAll(() => provider.close());

// A held reply waits for its tag; a released tag never holds again, so each test has its own.
let tag = '';
let tests = 0;

function reload() {
  useChatStore.setState({ ...initialChatState });
  resetSettingsForTests();
}

beforeEach(async () => {
  tag = `keys-${++tests}`;
  declareAccount('u-1');
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ width: 800, height: 200 }),
  );
  reload();
  const db = await chatDb();
  for (const chat of await db.listChats()) await db.deleteChat(chat.id);
  await db.putChat(aiChat('talk', { summary: 'A talk', updatedAt: 2 }));
  await db.putMessages([
    aiMessage('talk', 'm1', { prompt: 'First question', createdAt: 10 }),
    aiMessage('talk', 'm2', { prompt: 'Last question', createdAt: 20 }),
  ]);
  const settings = defaultSettings();
  settings.api.providers.Ollama.base = provider.base(`ollama-text,hold:6,tag:${tag}`);
  settings.api.providers.Ollama.model = 'gemma3:1b';
  await saveSettings(settings);
  reload();
  fakeServer({ session: alice });
  const fake = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    return url.startsWith(provider.url) ? realFetch(input, init) : fake(input, init);
  });
});

afterEach(() => provider.release(tag));

async function openPage() {
  const view = await renderApp('/agents/mindBox');
  // The first test loads the page's chunk: slower than the usual wait on a busy machine.
  const log = await screen.findByRole('log', { name: 'AI chat' }, { timeout: 15_000 });
  await within(log).findByText('reply m2');
  const input = screen.getByRole('textbox', { name: 'Message' });
  await waitFor(() => expect(input).toBeEnabled());
  return { view, log, input };
}

describe('AI chat keyboard shortcuts', { timeout: 20_000 }, () => {
  it('Ctrl+K focuses the chat search; Ctrl+Shift+O starts a new chat, reusing an empty one', async () => {
    const { view, input } = await openPage();
    await view.user.click(input);
    await view.user.keyboard('{Control>}k{/Control}');
    expect(screen.getByRole('searchbox', { name: 'Search chats' })).toHaveFocus();

    await view.user.keyboard('{Control>}{Shift>}O{/Shift}{/Control}');
    expect(await screen.findByTestId('chat-empty')).toBeInTheDocument();
    await waitFor(() => expect(input).toHaveFocus());
    const chats = screen.getByRole('navigation', { name: 'AI chats' });
    expect(within(chats).getAllByRole('button', { name: /^Rename:/ })).toHaveLength(2);
    await view.user.keyboard('{Control>}{Shift>}O{/Shift}{/Control}');
    await waitFor(() => expect(input).toHaveFocus());
    expect(within(chats).getAllByRole('button', { name: /^Rename:/ })).toHaveLength(2);
  });

  it('↑ in the empty composer opens the last prompt for editing; not when there is text', async () => {
    const { view, input, log } = await openPage();
    await view.user.click(input);
    await view.user.keyboard('x{ArrowUp}');
    expect(within(log).queryByRole('textbox', { name: 'Edit your prompt' })).toBeNull();
    await view.user.keyboard('{Backspace}{ArrowUp}');
    const editor = await within(log).findByRole('textbox', { name: 'Edit your prompt' });
    expect(editor).toHaveValue('Last question');
    expect(editor).toHaveFocus();
  });

  it('Esc stops the reply from the composer, but not from inside a dialog', async () => {
    const { view, input, log } = await openPage();
    await view.user.type(input, 'Count to five{Enter}');
    expect(await within(log).findByText('Okay, here we go!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'Chat settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Chat settings' });
    await view.user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();

    await view.user.click(input);
    await view.user.keyboard('{Escape}');
    expect(await within(log).findByTestId('stopped')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeInTheDocument();
  });

  it('? and Ctrl+/ open the shortcuts list, with Ctrl off a Mac; ? typed in a field is text', async () => {
    const { view, input } = await openPage();
    await view.user.click(input);
    await view.user.keyboard('?');
    expect(input).toHaveValue('?');
    expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull();
    await view.user.keyboard('{Control>}/{/Control}');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(dialog).getByText('Search chats').closest('tr')).toHaveTextContent('Ctrl+K');
    expect(within(dialog).getByText('New chat').closest('tr')).toHaveTextContent('Ctrl+Shift+O');
    await view.user.keyboard('{Escape}');
    await waitFor(() => expect(dialog).not.toBeInTheDocument());

    await view.user.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
    await view.user.keyboard('{Escape}');
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Keyboard shortcuts' })).toBeNull(),
    );
    // `?` outside a text field.
    fireEvent.keyDown(document.body, { key: '?', shiftKey: true });
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument();
  });

  it('on a Mac the list shows ⌘ and ⌘K works; in Chinese', async () => {
    vi.spyOn(navigator, 'platform', 'get').mockReturnValue('MacIntel');
    await act(() => changeLanguage('zh-CN'));
    try {
      const view = await renderApp('/agents/mindBox');
      const input = await screen.findByRole('textbox', { name: '消息' });
      await waitFor(() => expect(input).toBeEnabled());
      await view.user.click(input);
      await view.user.keyboard('{Control>}k{/Control}');
      expect(input).toHaveFocus();
      await view.user.keyboard('{Meta>}k{/Meta}');
      expect(screen.getByRole('searchbox', { name: '搜索对话' })).toHaveFocus();
      await view.user.keyboard('{Meta>}/{/Meta}');
      const dialog = await screen.findByRole('dialog', { name: '键盘快捷键' });
      expect(within(dialog).getByText('搜索对话').closest('tr')).toHaveTextContent('⌘K');
    } finally {
      await act(() => changeLanguage('en'));
    }
  });
});
