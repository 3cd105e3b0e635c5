import 'fake-indexeddb/auto';
import type { AiChatMessage } from '@confab/protocol/ai-chat';
import { defaultSettings } from '@confab/protocol/ai-settings';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createChat,
  deleteChat,
  openChat,
  sendPrompt,
  stopReply,
} from '@/features/ai-chat/actions/chat-actions';
import { noTools } from '@/features/ai-chat/lib/chat-tools';
import { chatDb } from '@/features/ai-chat/stores/chat-db';
import { initialChatState, useChatStore } from '@/features/ai-chat/stores/chat-store';
import { accountStorageStore, declareAccount } from '@/lib/account-storage/account-storage';
import {
  startProviderServer,
  type ProviderServer,
} from '../../../../e2e/support/provider-server/server';

/**
 * Replies run per chat (docs/product.md#ai-reply-lifecycle). The test provider holds each
 * stream after "Okay, here we go!" (6 events of the recorded gemma3 reply) until the test
 * releases it by tag, so a reply is caught mid-stream without timing.
 */
let provider: ProviderServer;
beforeAll(async () => {
  provider = await startProviderServer();
});
afterAll(() => provider.close());

const partial = 'Okay, here we go!';
const full = 'Okay, here we go!\n\n1, 2, 3, 4, 5\n';
let tags = 0;

/** Settings whose replies hold mid-stream until `provider.release(tag)`. */
function heldSettings(tag: string) {
  const settings = defaultSettings();
  settings.api.activeProvider = 'Ollama';
  settings.api.providers.Ollama.base = provider.base(`ollama-text,hold:6,tag:${tag}`);
  settings.api.providers.Ollama.model = 'gemma3:1b';
  return settings;
}

/** Sends a prompt in a new chat and waits until the reply holds mid-stream. */
async function heldReply(prompt: string) {
  const tag = `t${++tags}`;
  const settings = heldSettings(tag);
  const chat = await createChat(settings);
  const done = sendPrompt(prompt, settings, noTools);
  await vi.waitFor(() => expect(useChatStore.getState().replies[chat.id]?.reply).toBe(partial));
  return { chat, tag, done };
}

const generating = () => Object.keys(useChatStore.getState().replies);
const shownReply = () => useChatStore.getState().messages.at(-1);
const stored = async (chatId: string) => (await (await chatDb()).listMessages(chatId)).at(-1);

beforeEach(() => {
  declareAccount('u-1');
  useChatStore.setState({ ...initialChatState });
});

describe('replies in the background', () => {
  it('a reply goes on while another chat is open, and its chat shows it when opened again', async () => {
    const a = await heldReply('Count in A');
    await createChat(heldSettings('unused'));
    expect(generating()).toEqual([a.chat.id]);
    provider.release(a.tag);
    await a.done;
    expect(generating()).toEqual([]);
    await openChat(a.chat.id);
    expect(shownReply()).toMatchObject({ reply: full, isActive: false });
    expect(shownReply()?.stopped).toBeUndefined();
    expect(shownReply()?.interrupted).toBeUndefined();
  });

  it('opening a chat whose reply streams shows it still going, then finished', async () => {
    const a = await heldReply('Count in A');
    await createChat(heldSettings('unused'));
    await openChat(a.chat.id);
    expect(shownReply()).toMatchObject({ prompt: 'Count in A', isActive: true });
    expect(useChatStore.getState().replies[a.chat.id]?.messageId).toBe(shownReply()?.id);
    provider.release(a.tag);
    await a.done;
    expect(shownReply()).toMatchObject({ reply: full, isActive: false });
  });

  it('two chats generate at once; Stop ends the open chat’s only; sending there waits', async () => {
    const a = await heldReply('Count in A');
    const b = await heldReply('Count in B');
    expect(generating().sort()).toEqual([a.chat.id, b.chat.id].sort());
    // B is open and generating: another prompt there is not sent.
    const requests = provider.requests.length;
    await sendPrompt('Again in B', heldSettings(b.tag), noTools);
    expect(provider.requests.length).toBe(requests);
    stopReply();
    await b.done;
    expect(shownReply()).toMatchObject({ reply: partial, stopped: true, isActive: false });
    expect(generating()).toEqual([a.chat.id]);
    provider.release(a.tag);
    await a.done;
    expect(await stored(a.chat.id)).toMatchObject({ reply: full, isActive: false });
  });

  it('deleting a generating chat ends its reply and nothing of it is written back', async () => {
    const a = await heldReply('Count in A');
    await createChat(heldSettings('unused'));
    await deleteChat(a.chat.id);
    await a.done;
    provider.release(a.tag);
    expect(generating()).toEqual([]);
    expect(await (await chatDb()).listMessages(a.chat.id)).toEqual([]);
  });

  it('signing out ends every reply and writes nothing more', async () => {
    const a = await heldReply('Count in A');
    const b = await heldReply('Count in B');
    accountStorageStore.setState({ leaving: true });
    try {
      await Promise.all([a.done, b.done]);
      expect(generating()).toEqual([]);
      // Left as it was while streaming: nothing is written once the stores are being handed over.
      expect((await stored(a.chat.id))?.isActive).toBe(true);
      expect((await stored(b.chat.id))?.isActive).toBe(true);
    } finally {
      accountStorageStore.setState({ leaving: false });
      provider.release(a.tag);
      provider.release(b.tag);
    }
  });
});

describe('a reply cut by a reload', () => {
  it('what arrived is saved when the page is hidden', async () => {
    const a = await heldReply('Count in A');
    window.dispatchEvent(new Event('pagehide'));
    await vi.waitFor(async () =>
      expect(await stored(a.chat.id)).toMatchObject({ reply: partial, isActive: true }),
    );
    provider.release(a.tag);
    await a.done;
  });

  it('is shown interrupted, with its partial text, and saved so', async () => {
    const db = await chatDb();
    const settings = heldSettings('unused');
    const chat = await createChat(settings);
    // As the tab before the reload left it: saved mid-stream, still active.
    const cut: AiChatMessage = {
      id: 'cut-1',
      chatId: chat.id,
      prompt: 'Count to five',
      reply: partial,
      reasoning: '',
      model: 'gemma3:1b',
      provider: 'Ollama',
      temperature: 1,
      maxTokens: null,
      inputTokens: 0,
      outputTokens: 0,
      memo: '',
      isActive: true,
      citedFiles: [],
      citedChunks: [],
      createdAt: Date.now(),
    };
    await db.putMessage(cut);
    await openChat(chat.id);
    expect(shownReply()).toMatchObject({ reply: partial, isActive: false, interrupted: true });
    expect(shownReply()?.stopped).toBeUndefined();
    expect(await stored(chat.id)).toMatchObject({ isActive: false, interrupted: true });
  });
});
