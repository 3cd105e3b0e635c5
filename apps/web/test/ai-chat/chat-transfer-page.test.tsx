import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { chatsToJson } from '@/features/ai-chat/lib/chat-export/json';
import { closeChatDbForTests } from '@/features/ai-chat/stores/chat-db';
import { initialChatState, useChatStore } from '@/features/ai-chat/stores/chat-store';
import { resetSettingsForTests } from '@/lib/stored-settings/settings-store';
import { chatExportFixture } from '../helpers/chat-exports';
import { alice, fakeServer } from '../helpers/fake-server';
import { renderApp } from '../helpers/render-app';
import { warmAiChatPage } from '../helpers/warm-ai-chat';

warmAiChatPage();

beforeEach(async () => {
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ width: 800, height: 200 }),
  );
  await closeChatDbForTests();
  vi.stubGlobal('indexedDB', new IDBFactory());
  useChatStore.setState({ ...initialChatState });
  resetSettingsForTests();
  fakeServer({ session: alice });
});

async function openPage() {
  const view = await renderApp('/agents/mindBox');
  await waitFor(() => expect(useChatStore.getState().loaded).toBe(true));
  return view;
}

const fileInput = () => screen.getByLabelText('Choose an export file to import');

describe('chat export and import', () => {
  it('imports a ChatGPT export and lists what was skipped', async () => {
    const view = await openPage();
    await view.user.click(screen.getByRole('button', { name: 'Export / import' }));
    expect(await screen.findByRole('menuitem', { name: 'Import chats…' })).toBeInTheDocument();
    expect(screen.getByText(/up to 256 MB/)).toBeInTheDocument();
    await view.user.keyboard('{Escape}');
    const text = chatExportFixture('chatgpt-modern-export.json');
    await view.user.upload(fileInput(), new File([text], 'conversations.json'));
    const dialog = await screen.findByRole('dialog', { name: 'Import' });
    expect(await within(dialog).findByText('2 chats imported. 1 skipped:')).toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'Skipped entries' })).toHaveTextContent(
      'Corrupted entry — Corrupted entry: no messages',
    );
    await view.user.click(within(dialog).getByRole('button', { name: 'Close' }));
    const chats = screen.getByRole('navigation', { name: 'AI chats' });
    expect(within(chats).getByRole('button', { name: 'Weeknight pasta' })).toBeInTheDocument();
    const log = await screen.findByRole('log', { name: 'AI chat' });
    expect(
      await within(log).findByText('Restore from the last known-good chart.'),
    ).toBeInTheDocument();
  });

  it('says a file is not an export and imports nothing', async () => {
    const view = await openPage();
    await view.user.upload(fileInput(), new File(['{}'], 'settings.json'));
    const dialog = await screen.findByRole('dialog', { name: 'Import' });
    expect(
      await within(dialog).findByText(/This file is not a chat export: nothing was imported/),
    ).toBeInTheDocument();
    expect(useChatStore.getState().chats).toEqual([]);
  });

  it('shows an imported reply as sanitised markdown: no HTML, no script link', async () => {
    const chat = {
      id: 'x1',
      createdAt: 1,
      updatedAt: 2,
      summary: 'Hostile',
      model: '',
      systemMessage: '',
      maxCtxMessages: 10,
      temperature: 1,
      maxTokens: null,
      prompt: '',
      input: '',
      stream: true,
      context: '',
    };
    const message = {
      id: 'x1-1',
      chatId: 'x1',
      prompt: 'hi <img src=x onerror="window.__pwnedPrompt = 1">',
      reply: 'Look <img src=x onerror="window.__pwned = 1"> and [click](javascript:alert(1))',
      reasoning: '',
      model: '',
      provider: '',
      temperature: 1,
      maxTokens: null,
      inputTokens: 0,
      outputTokens: 0,
      memo: '',
      isActive: false,
      citedFiles: [],
      citedChunks: [],
      createdAt: 1,
    };
    const view = await openPage();
    const text = chatsToJson([{ chat, messages: [message] }]);
    await view.user.upload(fileInput(), new File([text], 'confab.json'));
    expect(await screen.findByText('1 chat imported.')).toBeInTheDocument();
    await view.user.click(await screen.findByRole('button', { name: 'Close' }));
    const log = await screen.findByRole('log', { name: 'AI chat' });
    const link = await within(log).findByText('click');
    expect(link.closest('a')?.getAttribute('href') ?? '').not.toMatch(/javascript/i);
    expect(log.querySelector('img, [onerror]')).toBeNull();
    expect(log.innerHTML).not.toMatch(/javascript:/i);
    const pwned = window as { __pwned?: number; __pwnedPrompt?: number };
    expect(pwned.__pwned).toBeUndefined();
    expect(pwned.__pwnedPrompt).toBeUndefined();
  });

  it('downloads the open chat as JSON through a Blob URL', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return 'blob:test';
    });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    const view = await openPage();
    await view.user.upload(
      fileInput(),
      new File([chatExportFixture('chatgpt-tree.json')], 'conversations.json'),
    );
    expect(await screen.findByText('1 chat imported.')).toBeInTheDocument();
    await view.user.click(await screen.findByRole('button', { name: 'Close' }));
    await view.user.click(screen.getByRole('button', { name: 'Export / import' }));
    await view.user.click(await screen.findByRole('menuitem', { name: 'Export this chat (JSON)' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe(
      'Assist user with summary.json',
    );
    const exported = JSON.parse(await blobs[0]!.text());
    expect(exported.format).toBe('confab-ai-chats');
    expect(exported.chats[0].messages).toHaveLength(3);
  });
});
