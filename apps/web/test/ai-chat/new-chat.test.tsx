import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { chatDb } from '@/features/ai-chat/stores/chat-db';
import { useChatStore } from '@/features/ai-chat/stores/chat-store';
import { aiChat, aiMessage } from '../helpers/ai-chat-records';
import { alice, fakeServer } from '../helpers/fake-server';
import { renderApp } from '../helpers/render-app';
import { emptyAiChats } from '../helpers/ai-chat-page';
import { warmAiChatPage } from '../helpers/warm-ai-chat';

warmAiChatPage();

beforeEach(async () => {
  await emptyAiChats();
  fakeServer({ session: alice });
});

const rows = (chats: HTMLElement) => within(chats).getAllByRole('button', { name: /^Rename:/ });

describe('New chat', { timeout: 20_000 }, () => {
  it('reuses the open chat while it is empty, and puts the focus in the composer', async () => {
    const view = await renderApp('/agents/mindBox');
    const chats = await screen.findByRole('navigation', { name: 'AI chats' });
    const input = await screen.findByRole('textbox', { name: 'Message' });
    await waitFor(() => expect(input).toBeEnabled());
    const newChat = within(chats).getByRole('button', { name: 'New chat' });
    await view.user.click(newChat);
    await waitFor(() => expect(rows(chats)).toHaveLength(1));
    await waitFor(() => expect(input).toHaveFocus());
    await view.user.click(newChat);
    await waitFor(() => expect(input).toHaveFocus());
    expect(rows(chats)).toHaveLength(1);
    expect((await (await chatDb()).listChats()).length).toBe(1);
  });

  it('opens an empty chat of the list instead of making another', async () => {
    const db = await chatDb();
    await db.putChat(aiChat('empty', { summary: '', updatedAt: 1 }));
    await db.putChat(aiChat('talk', { summary: 'A talk', updatedAt: 2 }));
    await db.putMessage(aiMessage('talk', 'm1'));
    const view = await renderApp('/agents/mindBox');
    const log = await screen.findByRole('log', { name: 'AI chat' });
    expect(await within(log).findByText('reply m1')).toBeInTheDocument();
    const chats = screen.getByRole('navigation', { name: 'AI chats' });
    // The first "New chat" is the button; the empty chat's row is named so too.
    await view.user.click(within(chats).getAllByRole('button', { name: 'New chat' })[0]!);
    expect(await screen.findByTestId('chat-empty')).toBeInTheDocument();
    expect(useChatStore.getState().activeId).toBe('empty');
    expect(rows(chats)).toHaveLength(2);
    expect((await db.listChats()).length).toBe(2);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Message' })).toHaveFocus());
  });

  it('keeps a chat started from a preset (its own provider or model) instead of reusing it', async () => {
    const db = await chatDb();
    await db.putChat(aiChat('preset', { summary: '', updatedAt: 2, provider: 'OpenAI' }));
    const view = await renderApp('/agents/mindBox');
    const chats = await screen.findByRole('navigation', { name: 'AI chats' });
    await waitFor(() => expect(rows(chats)).toHaveLength(1));
    await view.user.click(within(chats).getAllByRole('button', { name: 'New chat' })[0]!);
    await waitFor(() => expect(rows(chats)).toHaveLength(2));
    expect(useChatStore.getState().activeId).not.toBe('preset');
  });

  it('makes a new chat when no chat is empty', async () => {
    const db = await chatDb();
    await db.putChat(aiChat('talk', { summary: 'A talk', updatedAt: 2 }));
    await db.putMessage(aiMessage('talk', 'm1'));
    const view = await renderApp('/agents/mindBox');
    const log = await screen.findByRole('log', { name: 'AI chat' });
    expect(await within(log).findByText('reply m1')).toBeInTheDocument();
    const chats = screen.getByRole('navigation', { name: 'AI chats' });
    await view.user.click(within(chats).getByRole('button', { name: 'New chat' }));
    await waitFor(() => expect(rows(chats)).toHaveLength(2));
    expect(useChatStore.getState().activeId).not.toBe('talk');
  });
});

describe('opening a chat', { timeout: 20_000 }, () => {
  it('never says "No messages yet" of a chat with a history while it is read', async () => {
    const db = await chatDb();
    await db.putChat(aiChat('first', { summary: 'First talk', updatedAt: 2 }));
    await db.putMessage(aiMessage('first', 'm1'));
    await db.putChat(aiChat('second', { summary: 'Second talk', updatedAt: 1 }));
    await db.putMessage(aiMessage('second', 'm2'));
    // Every text the page ever shows, however briefly.
    let saidEmpty = false;
    const watcher = new MutationObserver(() => {
      saidEmpty ||= document.body.textContent?.includes('No messages yet') ?? false;
    });
    watcher.observe(document.body, { childList: true, subtree: true, characterData: true });
    const view = await renderApp('/agents/mindBox');
    const log = await screen.findByRole('log', { name: 'AI chat' });
    expect(await within(log).findByText('reply m1')).toBeInTheDocument();
    const chats = screen.getByRole('navigation', { name: 'AI chats' });
    await view.user.click(within(chats).getByRole('button', { name: 'Second talk' }));
    // While the second chat's messages are read the page shows no list at all.
    await waitFor(() =>
      expect(
        within(screen.getByRole('log', { name: 'AI chat' })).getByText('reply m2'),
      ).toBeInTheDocument(),
    );
    watcher.disconnect();
    expect(saidEmpty).toBe(false);
  });
});
