// The chat list's search of the AI messages' text (docs/product.md#ai-history-search).
import 'fake-indexeddb/auto';
import type { AiChat } from '@confab/protocol/ai-chat';
import { aiHistoryRoutes } from '@confab/protocol/ai-history';
import { searchSnippet, type AiHistorySearchResult } from '@confab/protocol/ai-history-search';
import { screen, waitFor, within } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { searchLocalMessages } from '@/features/ai-chat/lib/local-message-search';
import { chatDb, closeChatDbForTests, memoryChatDb } from '@/features/ai-chat/stores/chat-db';
import { initialChatState, useChatStore } from '@/features/ai-chat/stores/chat-store';
import { useHistorySyncStore } from '@/features/ai-chat/stores/history-sync-store';
import { declareAccount } from '@/lib/account-storage/account-storage';
import { resetSettingsForTests } from '@/lib/stored-settings/settings-store';
import { alice, fakeServer, json } from '../helpers/fake-server';
import { aiChat, aiMessage } from '../helpers/ai-chat-records';
import { renderApp } from '../helpers/render-app';
import { warmAiChatPage } from '../helpers/warm-ai-chat';

warmAiChatPage();

const chat = (id: string, summary: string, updatedAt = 1): AiChat =>
  aiChat(id, { summary, updatedAt });
const message = aiMessage;

/** The marked parts of a result, as a reader sees them. */
const marked = (result: AiHistorySearchResult) =>
  result.highlights.map(([start, end]) => result.snippet.slice(start, end));

describe('searching the messages on this device', () => {
  async function device() {
    const db = memoryChatDb();
    await db.putChat(chat('trip', 'Trip'));
    await db.putChat(chat('tea', '茶'));
    await db.putMessages([
      message('trip', 'm1', { reply: 'Lisbon in April.', createdAt: 100 }),
      message('trip', 'm2', { prompt: 'And LISBON in May?', createdAt: 200 }),
      message('tea', 'm3', { prompt: '今天天气很好', reply: '适合喝茶', createdAt: 300 }),
    ]);
    return db;
  }

  it('finds words in prompts and replies whatever their case, newest first, with highlights', async () => {
    const { results, complete } = await searchLocalMessages(await device(), 'lisbon');
    expect(complete).toBe(true);
    expect(results.map((r) => [r.messageId, r.field, r.chatTitle])).toEqual([
      ['m2', 'prompt', 'Trip'],
      ['m1', 'reply', 'Trip'],
    ]);
    expect(results.map(marked)).toEqual([['LISBON'], ['Lisbon']]);
  });

  it('finds two Chinese characters', async () => {
    const { results } = await searchLocalMessages(await device(), '天气');
    expect(results.map((r) => [r.messageId, r.snippet, marked(r)])).toEqual([
      ['m3', '今天天气很好', ['天气']],
    ]);
    expect((await searchLocalMessages(await device(), '咖啡')).results).toEqual([]);
  });

  it('reads at most its cap of messages, and says so', async () => {
    const { results, complete } = await searchLocalMessages(await device(), 'prompt', {
      scanMax: 1,
    });
    expect(complete).toBe(false);
    // The chat updated last was read: the first one, "Trip" (both updated at 1) or "茶".
    expect(results.length).toBeGreaterThan(0);
  });

  it('cuts a long text around the first match', () => {
    const text = `${'word '.repeat(100)}needle${' word'.repeat(100)}`;
    const snippet = searchSnippet({ prompt: '', reply: text }, 'NEEDLE')!;
    expect(snippet.snippet.length).toBeLessThanOrEqual(162);
    expect(snippet.snippet.startsWith('…') && snippet.snippet.endsWith('…')).toBe(true);
    expect(snippet.highlights.map(([s, e]) => snippet.snippet.slice(s, e))).toEqual(['needle']);
  });
});

describe('the chat list search', () => {
  const searchRoute = `GET ${aiHistoryRoutes.search}`;

  beforeEach(async () => {
    vi.stubGlobal('indexedDB', new IDBFactory());
    await closeChatDbForTests();
    declareAccount('u-1');
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(800);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
      DOMRect.fromRect({ width: 800, height: 200 }),
    );
    useChatStore.setState({ ...initialChatState });
    useHistorySyncStore.setState({ mode: null });
    resetSettingsForTests();
    // A long chat whose first message is far before the 50 a chat shows first.
    const db = await chatDb();
    await db.putChat(chat('long', 'Long chat', 2));
    await db.putChat(chat('other', 'Other chat', 3));
    await db.putMessages([
      message('long', 'oldest', { prompt: 'Tell me about Lisbon', createdAt: 1 }),
      ...Array.from({ length: 120 }, (_, i) =>
        message('long', `m${i}`, { prompt: `filler ${i}`, createdAt: 10 + i }),
      ),
    ]);
  });

  const serverResult: AiHistorySearchResult = {
    chatId: 'long',
    messageId: 'oldest',
    chatTitle: 'Long chat',
    createdAt: 1,
    field: 'prompt',
    snippet: 'Tell me about <b>Lisbon</b>',
    highlights: [[17, 23]],
  };

  async function searchFor(query: string) {
    const page = await renderApp('/agents/mindBox');
    const list = await screen.findByRole('navigation', { name: 'AI chats' });
    await page.user.type(within(list).getByRole('searchbox', { name: 'Search chats' }), query);
    return within(list).findByRole('region', { name: 'Messages' });
  }

  it("shows the server's matches with their highlights as text, and opens the chat at the message", async () => {
    const server = fakeServer({
      session: alice,
      routes: {
        [searchRoute]: (request) =>
          json({
            statusCode: 200,
            data: { results: request.query.get('q') === 'lisbon' ? [serverResult] : [] },
          }),
      },
    });
    const messages = await searchFor('lisbon');
    const result = await within(messages).findByRole('button', { name: /Long chat/ });
    // The server's text is shown as text: its markup is not markup.
    expect(result).toHaveTextContent('Tell me about <b>Lisbon</b>');
    expect(result.querySelector('b')).toBeNull();
    expect([...result.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Lisbon']);
    // One request for the query typed letter by letter: the search waits for a pause.
    expect(server.calls(searchRoute).map((r) => r.query.get('q'))).toEqual(['lisbon']);

    const focused: (string | null)[] = [];
    const unsubscribe = useChatStore.subscribe((s) => focused.push(s.focusMessageId));
    result.click();
    // The chat opens with the whole of it read, the oldest message too (not only the last 50),
    // and the list is asked to bring that message into view (the e2e sees it scrolled there).
    await screen.findByRole('log', { name: 'AI chat' });
    await waitFor(() => {
      const { activeId, messages, focusMessageId } = useChatStore.getState();
      expect(activeId).toBe('long');
      expect(messages.map((m) => m.id)).toContain('oldest');
      expect(messages).toHaveLength(121);
      // Asked for, then taken by the list once the message was among its rows.
      expect(focused).toContain('oldest');
      expect(focusMessageId).toBeNull();
    });
    unsubscribe();
  });

  it('says when no message matches', async () => {
    fakeServer({
      session: alice,
      routes: { [searchRoute]: () => json({ statusCode: 200, data: { results: [] } }) },
    });
    const messages = await searchFor('nothing here');
    expect(await within(messages).findByText('No message matches')).toBeInTheDocument();
  });

  it("searches this device's messages when the server does not answer", async () => {
    fakeServer({
      session: alice,
      routes: {
        [searchRoute]: () =>
          json({ statusCode: 503, code: 'UNAVAILABLE', message: 'Unavailable' }, 503),
      },
    });
    const messages = await searchFor('LISBON');
    const result = await within(messages).findByRole('button', { name: /Long chat/ });
    expect([...result.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Lisbon']);
    expect(within(messages).getByText('Searched the messages on this device')).toBeInTheDocument();
  });

  it('searches only this device for an account that keeps its AI chats on its devices', async () => {
    const server = fakeServer({ session: alice });
    useHistorySyncStore.setState({ mode: 'device' });
    const messages = await searchFor('lisbon');
    expect(await within(messages).findByRole('button', { name: /Long chat/ })).toBeInTheDocument();
    expect(server.calls(searchRoute)).toEqual([]);
  });
});
