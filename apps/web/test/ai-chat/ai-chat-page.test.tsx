import 'fake-indexeddb/auto';
import { defaultSettings } from '@confab/protocol/ai-settings';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatDb } from '@/features/ai-chat/stores/chat-db';
import { createStore, del } from 'idb-keyval';
import { accountDatabases } from '@/lib/account-storage/account-databases';
import { saveSettings, settingsKey } from '@/lib/stored-settings/settings-store';
import {
  startProviderServer,
  type ProviderServer,
} from '../../../../e2e/support/provider-server/server';
import { alice, fakeServer } from '../helpers/fake-server';
import { renderApp } from '../helpers/render-app';
import { forgetPageMemory, stubLayout } from '../helpers/ai-chat-page';
import { warmAiChatPage } from '../helpers/warm-ai-chat';
import { declareAccount } from '@/lib/account-storage/account-storage';

warmAiChatPage();

let provider: ProviderServer;
const realFetch = globalThis.fetch;
beforeAll(async () => {
  provider = await startProviderServer();
});
afterAll(() => provider.close());

/** Confab's API from the fake server; the model from the real test provider. */
function servers() {
  fakeServer({ session: alice });
  const fake = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    return url.startsWith(provider.url) ? realFetch(input, init) : fake(input, init);
  });
}

const reload = forgetPageMemory;

beforeEach(async () => {
  // Signed in as alice (u-1): the stores wait for an account (docs/product.md#account-storage).
  declareAccount('u-1');
  stubLayout();
  reload();
  const settings = defaultSettings();
  settings.api.providers.Ollama.base = provider.base('ollama-text');
  settings.api.providers.Ollama.model = 'gemma3:1b';
  await saveSettings(settings);
  reload();
});

describe('/agents/mindBox', () => {
  it(
    'sends a prompt, shows the streamed reply, and finds both again after a reload',
    { timeout: 20_000 },
    async () => {
      servers();
      const first = await renderApp('/agents/mindBox');
      const input = await screen.findByRole('textbox', { name: 'Message' });
      // Enabled once the stored chats are read.
      await waitFor(() => expect(input).toBeEnabled());
      expect(screen.getByTestId('model-badge')).toHaveTextContent('Ollama · gemma3:1b');
      await first.user.type(input, 'Count to five{Enter}');
      const log = await screen.findByRole('log', { name: 'AI chat' });
      expect(await within(log).findByText('Okay, here we go!')).toBeInTheDocument();
      expect(await within(log).findByText('16 in · 22 out tokens')).toBeInTheDocument();
      const chats = screen.getByRole('navigation', { name: 'AI chats' });
      expect(within(chats).getByRole('button', { name: 'Count to five' })).toBeInTheDocument();
      first.unmount();

      reload();
      servers();
      await renderApp('/agents/mindBox');
      const again = await screen.findByRole('log', { name: 'AI chat' });
      expect(await within(again).findByText('Count to five')).toBeInTheDocument();
      expect(within(again).getByText('Okay, here we go!')).toBeInTheDocument();
    },
  );

  it(
    'a reply goes on while another page is open; the chat list marks its chat generating',
    { timeout: 20_000 },
    async () => {
      // The reply holds after "Okay, here we go!" until released.
      const settings = defaultSettings();
      settings.api.providers.Ollama.base = provider.base('ollama-text,hold:6,tag:page');
      settings.api.providers.Ollama.model = 'gemma3:1b';
      await saveSettings(settings);
      reload();
      servers();
      const view = await renderApp('/agents/mindBox');
      const input = await screen.findByRole('textbox', { name: 'Message' });
      await waitFor(() => expect(input).toBeEnabled());
      await view.user.type(input, 'Count to five{Enter}');
      const log = await screen.findByRole('log', { name: 'AI chat' });
      expect(await within(log).findByText('Okay, here we go!')).toBeInTheDocument();
      const chats = screen.getByRole('navigation', { name: 'AI chats' });
      const row = within(chats).getByRole('button', { name: /^Count to five/ });
      expect(within(row).getByText('Generating')).toBeInTheDocument();

      await act(() => view.router.navigate('/test'));
      await waitFor(() => expect(screen.queryByRole('log')).not.toBeInTheDocument());
      provider.release('page');
      await act(() => view.router.navigate('/agents/mindBox'));
      const again = await screen.findByRole('log', { name: 'AI chat' });
      const last = () => within(again).getAllByTestId('reply-block').at(-1)!;
      // The rest of the stream arrives now; a loaded machine takes longer than waitFor's 1 s.
      await waitFor(() => expect(last()).toHaveTextContent('1, 2, 3, 4, 5'), { timeout: 10_000 });
      expect(within(last()).queryByTestId('stopped')).not.toBeInTheDocument();
      const list = screen.getByRole('navigation', { name: 'AI chats' });
      expect(within(list).queryByText('Generating')).not.toBeInTheDocument();
    },
  );

  it('asks to set up the provider when the key is missing, and sends nothing', async () => {
    const settings = defaultSettings();
    settings.api.activeProvider = 'DeepSeek';
    settings.api.providers.DeepSeek.model = 'deepseek-chat';
    await saveSettings(settings);
    reload();
    servers();
    const view = await renderApp('/agents/mindBox');
    expect(await screen.findByText('The model provider is not set up')).toBeInTheDocument();
    expect(screen.getByText('DeepSeek needs: API key.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
    await view.user.click(screen.getByRole('button', { name: 'Open provider settings' }));
    expect(await screen.findByRole('dialog', { name: 'Provider settings' })).toBeInTheDocument();
  });

  it('a first visit with no provider ready shows the setup card; saving a ready provider leaves the chat', async () => {
    const settings = defaultSettings();
    settings.api.activeProvider = 'DeepSeek';
    settings.api.providers.DeepSeek.model = 'deepseek-chat';
    await saveSettings(settings);
    // A first visit: no chats yet.
    const db = await chatDb();
    for (const chat of await db.listChats()) await db.deleteChat(chat.id);
    reload();
    servers();
    const view = await renderApp('/agents/mindBox');
    const card = await screen.findByRole('region', { name: 'Set up a model provider' });
    expect(within(card).getByText('DeepSeek needs: API key.')).toBeInTheDocument();
    // The provider form's code loads with the card (a spinner until then).
    expect(
      await within(card).findByRole('button', { name: 'Test connection' }),
    ).toBeInTheDocument();
    // The settings' own form, without its other sections.
    expect(within(card).queryByText('Model mapping')).not.toBeInTheDocument();
    expect(screen.queryByText('The model provider is not set up')).not.toBeInTheDocument();
    await view.user.type(within(card).getByLabelText('API key'), 'sk-1');
    await view.user.click(within(card).getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Set up a model provider' }),
      ).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeEnabled();
  });

  it('a very first visit shows the setup card even though the default Ollama counts as ready', async () => {
    // Nothing stored yet: no settings of the user's, no chats.
    await del(settingsKey, createStore(accountDatabases.settings, 'keyval'));
    const db = await chatDb();
    for (const chat of await db.listChats()) await db.deleteChat(chat.id);
    reload();
    servers();
    const view = await renderApp('/agents/mindBox');
    const card = await screen.findByRole('region', { name: 'Set up a model provider' });
    // The provider form's code loads with the card (a spinner until then).
    expect(
      await within(card).findByRole('button', { name: 'Test connection' }),
    ).toBeInTheDocument();
    // The defaults are usable as they are: nothing is said to be missing, typing works.
    expect(within(card).queryByText(/needs:/)).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    await view.user.click(within(card).getByRole('button', { name: 'Save settings' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('region', { name: 'Set up a model provider' }),
      ).not.toBeInTheDocument(),
    );
    // A returning visit with saved settings and still no chat: no card.
    view.unmount();
    reload();
    servers();
    await renderApp('/agents/mindBox');
    await screen.findByTestId('chat-empty');
    expect(
      screen.queryByRole('region', { name: 'Set up a model provider' }),
    ).not.toBeInTheDocument();
  });

  it('shows a new chat empty, in the list its first prompt then goes into', async () => {
    servers();
    const view = await renderApp('/agents/mindBox');
    const chats = await screen.findByRole('navigation', { name: 'AI chats' });
    await view.user.click(within(chats).getByRole('button', { name: 'New chat' }));
    const empty = await screen.findByTestId('chat-empty');
    expect(empty).toHaveTextContent('No messages yet');
    // The list is there already (a first send only adds rows to it: stream.ts's paced bench).
    const log = screen.getByRole('log', { name: 'AI chat' });
    expect(log).toContainElement(empty);
    const input = screen.getByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(input).toBeEnabled());
    await view.user.type(input, 'Count to five{Enter}');
    expect(await within(log).findByText('Okay, here we go!')).toBeInTheDocument();
    expect(screen.getByRole('log', { name: 'AI chat' })).toBe(log);
    expect(screen.queryByTestId('chat-empty')).not.toBeInTheDocument();
  });

  it('creates, renames, searches and deletes chats', async () => {
    servers();
    const view = await renderApp('/agents/mindBox');
    const chats = await screen.findByRole('navigation', { name: 'AI chats' });
    await view.user.click(within(chats).getByRole('button', { name: 'New chat' }));
    await view.user.click(await within(chats).findByRole('button', { name: 'Rename: New chat' }));
    const name = within(chats).getByRole('textbox', { name: 'Chat name' });
    await view.user.clear(name);
    await view.user.type(name, 'Holiday plans{Enter}');
    expect(await within(chats).findByRole('button', { name: 'Holiday plans' })).toBeInTheDocument();
    await view.user.click(within(chats).getByRole('button', { name: 'New chat' }));
    await view.user.type(within(chats).getByRole('searchbox', { name: 'Search chats' }), 'HOLIDAY');
    expect(within(chats).getAllByRole('button', { name: /^Delete:/ })).toHaveLength(1);
    vi.spyOn(window, 'confirm').mockReturnValue(true);
    await view.user.click(within(chats).getByRole('button', { name: 'Delete: Holiday plans' }));
    expect(await within(chats).findByText('No chat matches')).toBeInTheDocument();
  });

  it(
    'tells on the message when HTML tags were removed before sending, and only then',
    { timeout: 20_000 },
    async () => {
      servers();
      const first = await renderApp('/agents/mindBox');
      const input = await screen.findByRole('textbox', { name: 'Message' });
      await waitFor(() => expect(input).toBeEnabled());
      const note = 'HTML tags were removed before sending';
      await first.user.type(input, 'Is Array<string> a Map<K, V>?{Enter}');
      const log = await screen.findByRole('log', { name: 'AI chat' });
      // The chats of the tests before stay in the browser's storage: this card is found by its prompt.
      const plain = (await within(log).findByText('Is Array<string> a Map<K, V>?')).closest(
        'article',
      )!;
      // The reply has ended (its token counts show): the next prompt can go.
      await within(plain).findByText('16 in · 22 out tokens');
      expect(within(plain).queryByText(note)).not.toBeInTheDocument();
      await first.user.type(input, 'Say <b>hi</b>{Enter}');
      const card = (await within(log).findByText('Say <b>hi</b>')).closest('article')!;
      expect(within(card).getByText(note)).toBeInTheDocument();
      expect(within(log).getAllByText(note)).toHaveLength(1);
      first.unmount();

      reload();
      servers();
      await renderApp('/agents/mindBox');
      const again = await screen.findByRole('log', { name: 'AI chat' });
      expect(await within(again).findByText(note)).toBeInTheDocument();
    },
  );
});
