import 'fake-indexeddb/auto';
import type { AiChat, AiChatMessage } from '@confab/protocol/ai-chat';
import { defaultSettings } from '@confab/protocol/ai-settings';
import { IDBFactory } from 'fake-indexeddb';
import { createStore, set } from 'idb-keyval';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { chatDb } from '@/features/ai-chat/stores/chat-db';
import type { OutboxEntry } from '@/features/social-chat/lib/outbox-entry';
import { indexedDbPersistence } from '@/features/social-chat/lib/outbox-persistence';
import {
  accountStorageReady,
  accountStorageStore,
  parkAccountStorage,
  type UnclaimedAnswer,
} from '@/lib/account-storage/account-storage';
import {
  getSettings,
  loadSettings,
  saveSettings,
  subscribeSettings,
} from '@/lib/stored-settings/settings-store';
import { openPageAs } from '../helpers/account-storage';

const chat = (id: string, summary: string): AiChat => ({
  id,
  createdAt: 1,
  updatedAt: 1,
  summary,
  model: '',
  systemMessage: '',
  maxCtxMessages: 10,
  temperature: 1,
  maxTokens: null,
  prompt: '',
  input: '',
  stream: true,
  context: '',
});

const message = (id: string, chatId: string, prompt: string): AiChatMessage => ({
  id,
  chatId,
  prompt,
  reply: `reply to ${prompt}`,
  reasoning: '',
  model: 'm',
  provider: 'OpenAI',
  temperature: 1,
  maxTokens: null,
  inputTokens: 1,
  outputTokens: 2,
  memo: '',
  isActive: false,
  citedFiles: [],
  citedChunks: [],
  createdAt: 1,
});

const entry = (userId: string, content: string): OutboxEntry => ({
  clientId: `${userId}-${content}`,
  userId,
  chatId: 'c1',
  content,
  contentType: 'text',
  createdAt: 1,
  status: 'sending',
  error: null,
  file: null,
  attachment: null,
});

/** Stores what an account keeps in this browser: a key, a chat with a message, an unsent message. */
async function storeDataOf(name: string) {
  const settings = defaultSettings();
  settings.api.activeProvider = 'OpenAI';
  settings.api.providers.OpenAI.key = `sk-${name}`;
  settings.toolStates[`files.read-${name}`] = false;
  await saveSettings(settings);
  const db = await chatDb();
  await db.putChat(chat(`chat-${name}`, `${name}'s chat`));
  await db.putMessage(message(`message-${name}`, `chat-${name}`, `hello from ${name}`));
  await indexedDbPersistence().put(entry(name, `unsent from ${name}`));
}

/** What the account of this page sees, through the app's own stores. */
async function seen() {
  await loadSettings();
  const settings = getSettings();
  const db = await chatDb();
  const chats = await db.listChats();
  const messages = (await Promise.all(chats.map((c) => db.listMessages(c.id)))).flat();
  const outbox = await indexedDbPersistence().load();
  return {
    key: settings.api.providers.OpenAI.key,
    toolStates: settings.toolStates,
    chats: chats.map((c) => c.summary).sort(),
    messages: messages.map((m) => m.prompt).sort(),
    outbox: outbox.map((e) => e.content).sort(),
  };
}

const nothing = { key: '', toolStates: {}, chats: [], messages: [], outbox: [] };
const dataOf = (...names: string[]) => ({
  key: `sk-${names[0]}`,
  toolStates: Object.fromEntries(names.map((n) => [`files.read-${n}`, false])),
  chats: names.map((n) => `${n}'s chat`).sort(),
  messages: names.map((n) => `hello from ${n}`).sort(),
  outbox: names.map((n) => `unsent from ${n}`).sort(),
});

/** Data written before stores had an owner: straight into the stores, as older builds did. */
async function storeDataWithoutOwner(name: string) {
  const settings = defaultSettings();
  settings.api.providers.OpenAI.key = `sk-${name}`;
  settings.toolStates[`files.read-${name}`] = false;
  await set('settings', settings, createStore('keyval-store', 'keyval'));
  await new Promise<void>((resolve, reject) => {
    const open = indexedDB.open('confab-ai', 1);
    open.onupgradeneeded = () => {
      const db = open.result;
      db.createObjectStore('aiChats', { keyPath: 'id' }).createIndex('updatedAt', 'updatedAt');
      db.createObjectStore('chatByAiMessages', { keyPath: 'id' }).createIndex('chatId_createdAt', [
        'chatId',
        'createdAt',
      ]);
    };
    open.onsuccess = () => {
      const tx = open.result.transaction(['aiChats', 'chatByAiMessages'], 'readwrite');
      tx.objectStore('aiChats').put(chat(`chat-${name}`, `${name}'s chat`));
      tx.objectStore('chatByAiMessages').put(
        message(`message-${name}`, `chat-${name}`, `hello from ${name}`),
      );
      tx.oncomplete = () => {
        open.result.close();
        resolve();
      };
      tx.onerror = () => reject(new Error('seed failed'));
    };
  });
  await set(
    `${name}-unsent from ${name}`,
    entry(name, `unsent from ${name}`),
    createStore('confab-outbox', 'messages'),
  );
}

/** The question shown to the account, answered as given. */
async function answerWhenAsked(answer: UnclaimedAnswer) {
  await vi.waitFor(() => expect(accountStorageStore.getState().answerUnclaimed).not.toBeNull());
  accountStorageStore.getState().answerUnclaimed!(answer);
}

beforeEach(() => {
  // A browser of its own for each test.
  vi.stubGlobal('indexedDB', new IDBFactory());
});

describe('account storage: each account sees only its own browser data', () => {
  it('B signed in after A sees nothing of A; A signed in again gets everything back', async () => {
    await openPageAs('A');
    await storeDataOf('A');
    expect(await seen()).toEqual(dataOf('A'));

    await openPageAs('B');
    expect(await seen()).toEqual(nothing);
    await storeDataOf('B');

    await openPageAs('A');
    expect(await seen()).toEqual(dataOf('A'));

    await openPageAs('B');
    expect(await seen()).toEqual(dataOf('B'));
  });

  it('keeps the names of docs/product.md#browser-storage for the account signed in', async () => {
    await openPageAs('A');
    await storeDataOf('A');
    const names = (await indexedDB.databases()).map((d) => d.name);
    expect(names).toEqual(expect.arrayContaining(['keyval-store', 'confab-ai', 'confab-outbox']));
  });

  it('empties the stores at sign-out: a signed-out browser holds nothing of A', async () => {
    await openPageAs('A');
    await storeDataOf('A');
    await parkAccountStorage();

    await openPageAs('B');
    expect(await seen()).toEqual(nothing);
    await openPageAs('A');
    expect(await seen()).toEqual(dataOf('A'));
  });

  it('asks the first account about data without an owner: yes makes it theirs', async () => {
    await storeDataWithoutOwner('old');
    await openPageAs('A');
    const ready = accountStorageReady();
    await answerWhenAsked('mine');
    expect(await ready).toBe(true);
    expect(await seen()).toEqual(dataOf('old'));

    await openPageAs('B');
    expect(accountStorageStore.getState().answerUnclaimed).toBeNull();
    expect(await seen()).toEqual(nothing);
    await openPageAs('A');
    expect(await seen()).toEqual(dataOf('old'));
  });

  it('no sets it aside: not shown to them, offered to the next account, never asked twice', async () => {
    await storeDataWithoutOwner('old');
    await openPageAs('A');
    await answerWhenAsked('not-mine');
    expect(await seen()).toEqual(nothing);
    await storeDataOf('A');

    await openPageAs('B');
    await answerWhenAsked('mine');
    expect(await seen()).toEqual(dataOf('old'));

    await openPageAs('A');
    expect(accountStorageStore.getState().answerUnclaimed).toBeNull();
    expect(await seen()).toEqual(dataOf('A'));
  });

  it('delete removes it: nobody is asked again and nobody sees it', async () => {
    await storeDataWithoutOwner('old');
    await openPageAs('A');
    await answerWhenAsked('delete');
    expect(await seen()).toEqual(nothing);
    await openPageAs('B');
    expect(await seen()).toEqual(nothing);
    expect(accountStorageStore.getState().answerUnclaimed).toBeNull();
  });

  it('an IndexedDB failure midway shows the new account nothing of the old one', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await openPageAs('A');
    await storeDataOf('A');

    // Emptying a store fails (a full disk, a browser bug) while B's switch sets A's data aside.
    const failing = vi.spyOn(IDBObjectStore.prototype, 'clear').mockImplementation(() => {
      throw new DOMException('The disk is full', 'QuotaExceededError');
    });
    await openPageAs('B');
    expect(await accountStorageReady()).toBe(false);
    expect(await seen()).toEqual(nothing);
    failing.mockRestore();

    // The next load finishes the switch from where it stopped, and nothing is lost.
    await openPageAs('B');
    expect(await accountStorageReady()).toBe(true);
    expect(await seen()).toEqual(nothing);
    await openPageAs('A');
    expect(await seen()).toEqual(dataOf('A'));
  });
});

describe('account storage: other tabs', () => {
  it("takes another tab's settings only when that tab serves the same account", async () => {
    await openPageAs('A');
    await loadSettings();
    const otherTab = new BroadcastChannel('confab:settings');
    const fromB = defaultSettings();
    fromB.api.providers.OpenAI.key = 'sk-B';
    const fromA = defaultSettings();
    fromA.api.providers.OpenAI.key = 'sk-A';
    const heard: string[] = [];
    const stop = subscribeSettings((settings) => heard.push(settings.api.providers.OpenAI.key));
    try {
      // Delivered in order: once A's save has arrived, B's was looked at first.
      otherTab.postMessage({ owner: 'B', settings: fromB });
      otherTab.postMessage({ owner: 'A', settings: fromA });
      await vi.waitFor(() => expect(heard).toContain('sk-A'));
      expect(heard).toEqual(['sk-A']);
    } finally {
      stop();
      otherTab.close();
    }
  });
});
