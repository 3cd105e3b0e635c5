import 'fake-indexeddb/auto';
import { defaultSettings } from '@confab/protocol/ai-settings';
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatDb } from '@/features/ai-chat/stores/chat-db';
import { declareAccount } from '@/lib/account-storage/account-storage';
import { saveSettings } from '@/lib/stored-settings/settings-store';
import {
  startProviderServer,
  type ProviderServer,
} from '../../../../e2e/support/provider-server/server';
import { aiChat } from '../helpers/ai-chat-records';
import { alice, fakeServer } from '../helpers/fake-server';
import { renderApp } from '../helpers/render-app';
import { forgetPageMemory, stubLayout } from '../helpers/ai-chat-page';
import { warmAiChatPage } from '../helpers/warm-ai-chat';

warmAiChatPage();

let provider: ProviderServer;
const realFetch = globalThis.fetch;
beforeAll(async () => {
  provider = await startProviderServer();
});
afterAll(() => provider.close());

const reload = forgetPageMemory;

/** Confab's API from the fake server; the models from the real test provider. */
function servers() {
  fakeServer({ session: alice });
  const fake = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    return url.startsWith(provider.url) ? realFetch(input, init) : fake(input, init);
  });
}

beforeEach(async () => {
  declareAccount('u-1');
  stubLayout();
  reload();
  const db = await chatDb();
  for (const chat of await db.listChats()) await db.deleteChat(chat.id);
  await db.putChat(aiChat('talk', { summary: 'A talk' }));
  // Ollama (the default, its list not fetched yet) and OpenAI (a fetched list) are ready;
  // DeepSeek lacks its key.
  const settings = defaultSettings();
  settings.api.providers.Ollama.base = provider.base('ollama-text');
  settings.api.providers.Ollama.model = 'gemma3:1b';
  settings.api.providers.OpenAI = {
    ...settings.api.providers.OpenAI,
    base: provider.base('openai-text', '/v1'),
    key: 'sk-test',
    model: 'gpt-4o-mini',
    modelList: ['gpt-4o', 'gpt-4o-mini'],
  };
  settings.api.providers.DeepSeek.model = 'deepseek-chat';
  await saveSettings(settings);
  reload();
  servers();
});

async function openPicker() {
  const view = await renderApp('/agents/mindBox');
  const trigger = await screen.findByRole('button', { name: 'Model: Ollama · gemma3:1b' });
  await view.user.click(trigger);
  const listbox = await screen.findByRole('listbox', { name: 'Models' });
  return { view, trigger, listbox };
}

const groups = (listbox: HTMLElement) =>
  within(listbox)
    .getAllByRole('group')
    .map((g) => g.getAttribute('aria-label'));

describe('the model picker (docs/product.md#model-picker)', { timeout: 20_000 }, () => {
  it('lists the models of every ready provider, fetching a list it lacks; a provider not ready is a link to its setup', async () => {
    const { view, listbox } = await openPicker();
    expect(groups(listbox)).toEqual(['Ollama', 'OpenAI']);
    const openai = within(listbox).getByRole('group', { name: 'OpenAI' });
    expect(
      within(openai)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['gpt-4o', 'gpt-4o-mini']);
    // Ollama's list comes from its /api/tags on opening.
    const ollama = within(listbox).getByRole('group', { name: 'Ollama' });
    await waitFor(() =>
      expect(
        within(ollama)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual(['gemma3:1b', 'gemma3:latest', 'gpt-oss:120b', 'qwen2.5:7b']),
    );
    expect(within(ollama).getByRole('option', { name: 'gemma3:1b' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(within(listbox).queryByText('deepseek-chat')).not.toBeInTheDocument();
    await view.user.click(screen.getByRole('button', { name: 'Set up DeepSeek' }));
    const dialog = await screen.findByRole('dialog', { name: 'Provider settings' });
    expect(within(dialog).getByLabelText('Provider')).toHaveValue('DeepSeek');
  });

  it('typing filters the list; arrows and Enter choose; the choice is kept through a reload', async () => {
    const { view, listbox } = await openPicker();
    const search = screen.getByRole('combobox', { name: 'Search models' });
    expect(search).toHaveFocus();
    await view.user.type(search, 'mini');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['gpt-4o-mini']);
    await view.user.clear(search);
    await view.user.type(search, 'gpt-4o');
    const options = within(listbox).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['gpt-4o', 'gpt-4o-mini']);
    expect(search).toHaveAttribute('aria-activedescendant', options[0]!.id);
    await view.user.keyboard('{ArrowDown}');
    expect(search).toHaveAttribute('aria-activedescendant', options[1]!.id);
    await view.user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Model: OpenAI · gpt-4o-mini' })).toHaveFocus();
    await waitFor(async () =>
      expect(await (await chatDb()).listChats()).toEqual([
        expect.objectContaining({ id: 'talk', provider: 'OpenAI', model: 'gpt-4o-mini' }),
      ]),
    );
    view.unmount();

    reload();
    servers();
    await renderApp('/agents/mindBox');
    expect(
      await screen.findByRole('button', { name: 'Model: OpenAI · gpt-4o-mini' }),
    ).toBeInTheDocument();
  });

  it('Esc closes the list without a change', async () => {
    const { view, trigger } = await openPicker();
    await view.user.keyboard('{ArrowDown}{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    expect(trigger).toHaveFocus();
    expect(trigger).toHaveAccessibleName('Model: Ollama · gemma3:1b');
  });

  it("says which provider is not ready when the chat's provider is not", async () => {
    const db = await chatDb();
    await db.putChat(aiChat('talk', { summary: 'A talk', provider: 'DeepSeek' }));
    reload();
    servers();
    const view = await renderApp('/agents/mindBox');
    expect(await screen.findByText('The model provider is not set up')).toBeInTheDocument();
    expect(screen.getByText('DeepSeek needs: API key.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'This chat uses DeepSeek, which is not ready: API key missing. Set it up, or pick a model of a ready provider above.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeDisabled();
    await view.user.click(screen.getByRole('button', { name: 'Open provider settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Provider settings' });
    expect(within(dialog).getByLabelText('Provider')).toHaveValue('DeepSeek');
    // Setting it up beside the default leaves the default as it was.
    expect(
      within(dialog).getByRole('checkbox', { name: 'Default for new chats' }),
    ).not.toBeChecked();
  });
});
