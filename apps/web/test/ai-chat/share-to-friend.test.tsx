import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { aiMessageText, type AiSharePayload } from '@confab/protocol/ai-in-chat';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadChats } from '@/features/ai-chat/actions/chat-actions';
import { chatDb, closeChatDbForTests } from '@/features/ai-chat/stores/chat-db';
import { initialChatState, useChatStore } from '@/features/ai-chat/stores/chat-store';
import { resetSettingsForTests } from '@/lib/stored-settings/settings-store';
import { aiChat, aiMessage } from '../helpers/ai-chat-records';
import { envelope } from '../helpers/contacts';
import { alice, fakeServer } from '../helpers/fake-server';
import { fakeSocket } from '../helpers/fake-socket';
import { stubLayout } from '../helpers/ai-chat-page';
import { renderApp } from '../helpers/render-app';
import { warmAiChatPage } from '../helpers/warm-ai-chat';
import { chatWith, messageIn } from '../social-chat/fixtures';

vi.mock('socket.io-client', () => import('../helpers/fake-socket'));

warmAiChatPage();

const bob = chatWith('bob');
const carol = chatWith('carol', { readOnly: true });

beforeEach(async () => {
  stubLayout();
  await closeChatDbForTests();
  vi.stubGlobal('indexedDB', new IDBFactory());
  useChatStore.setState({ ...initialChatState });
  resetSettingsForTests();
  fakeServer({
    session: alice,
    routes: { 'GET /api/chat-social-msg/chats': () => envelope({ chats: [bob, carol] }) },
  });
  fakeSocket.emitted.length = 0;
  fakeSocket.connect();
});

afterEach(() => {
  fakeSocket.answer('sendMessage', undefined);
  fakeSocket.disconnect();
});

/** The AI chat page with one chat of `messages`, open. */
async function openChatOf(messages: ReturnType<typeof aiMessage>[]) {
  const view = await renderApp('/agents/mindBox');
  await waitFor(() => expect(useChatStore.getState().loaded).toBe(true));
  const db = await chatDb();
  await db.putChat(aiChat('c', { summary: 'Trip planning' }));
  await db.putMessages(messages);
  await loadChats();
  await screen.findByRole('log', { name: 'AI chat' });
  return view;
}

const sent = () =>
  fakeSocket.emitted
    .filter(([event]) => event === 'sendMessage')
    .map(([, payload]) => payload as Record<string, unknown>);

describe('sharing an AI answer into a friend chat', () => {
  it('sends one reply with its prompt as an ai_share through the outbox, to a writable chat only', async () => {
    fakeSocket.answer('sendMessage', (payload) => {
      const p = payload as { chatId: string; clientId: string; ai: AiSharePayload };
      return {
        ok: true,
        data: {
          message: messageIn(p.chatId, 5, {
            sender: 'u-1',
            senderUsername: 'alice',
            clientId: p.clientId,
            contentType: 'ai_share',
            content: aiMessageText(p.ai),
            ai: p.ai,
          }),
        },
      };
    });
    const view = await openChatOf([
      aiMessage('c', 'a', { createdAt: 10 }),
      aiMessage('c', 'b', { parentId: 'a', createdAt: 20, model: 'gpt-4o', provider: 'OpenAI' }),
    ]);
    const shares = await screen.findAllByRole('button', { name: 'Share to a friend' });
    await view.user.click(shares[1]!);
    const dialog = await screen.findByRole('dialog', { name: 'Share to a chat' });
    const list = await within(dialog).findByRole('list', { name: 'Share to a chat' });
    // A read-only chat (blocked or removed) is not offered.
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['bob']);
    await view.user.click(within(list).getByRole('button', { name: 'bob' }));
    expect(await screen.findByText('Shared to bob')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(sent()).toHaveLength(1);
    const [payload] = sent();
    expect(payload).not.toHaveProperty('content');
    expect(payload).toMatchObject({
      chatId: 'chat-bob',
      contentType: 'ai_share',
      ai: {
        kind: 'share',
        title: 'Trip planning',
        model: 'gpt-4o',
        turns: [{ prompt: 'prompt b', reply: 'reply b' }],
      },
    });
  });

  it('shares a range of the conversation, by default the whole path shown', async () => {
    fakeSocket.answer('sendMessage', () => ({ ok: false, error: { code: 'FORBIDDEN' } }));
    const view = await openChatOf([
      aiMessage('c', 'a', { createdAt: 10 }),
      aiMessage('c', 'b', { parentId: 'a', createdAt: 20 }),
      aiMessage('c', 'c', { parentId: 'b', createdAt: 30 }),
    ]);
    await view.user.click(screen.getByRole('button', { name: 'Share conversation…' }));
    const range = await screen.findByRole('dialog', { name: 'Share conversation' });
    expect(range).toHaveTextContent('3 turns will be shared.');
    await view.user.selectOptions(within(range).getByLabelText('From'), '1');
    expect(range).toHaveTextContent('2 turns will be shared.');
    await view.user.click(within(range).getByRole('button', { name: 'Choose a chat…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share to a chat' });
    await view.user.click(await within(dialog).findByRole('button', { name: 'bob' }));
    // The server's refusal, in the interface's words.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Not shared: You are not allowed to do this.',
    );
    const [payload] = sent();
    expect((payload?.ai as AiSharePayload).turns.map((t) => t.prompt)).toEqual([
      'prompt b',
      'prompt c',
    ]);
  });

  it('refuses a share over 64 KiB before sending, suggesting fewer turns', async () => {
    const long = 'x'.repeat(20_000);
    const view = await openChatOf(
      ['a', 'b', 'c', 'd'].map((id, i) =>
        aiMessage('c', id, { reply: long, createdAt: 10 + i, parentId: i ? 'abcd'[i - 1] : null }),
      ),
    );
    await view.user.click(screen.getByRole('button', { name: 'Share conversation…' }));
    const range = await screen.findByRole('dialog', { name: 'Share conversation' });
    await view.user.click(within(range).getByRole('button', { name: 'Choose a chat…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share to a chat' });
    expect(dialog).toHaveTextContent('Too large to share');
    expect(dialog).toHaveTextContent('a chat takes at most 64 KiB. Share fewer turns.');
    expect(within(dialog).queryByRole('list')).toBeNull();
    expect(sent()).toEqual([]);
  });
});
