import 'fake-indexeddb/auto';
import type { AiChat, AiChatMessage } from '@confab/protocol/ai-chat';
import { describe, expect, it, vi, beforeEach } from 'vitest';
import {
  chatDb,
  chatDbName,
  closeChatDbForTests,
  memoryChatDb,
} from '@/features/ai-chat/stores/chat-db';
import {
  finishedMessage,
  firstScreenMessages,
  openChat,
} from '@/features/ai-chat/actions/chat-actions';
import { useChatStore } from '@/features/ai-chat/stores/chat-store';
import { declareAccount } from '@/lib/account-storage/account-storage';

// Signed in as alice (u-1): the stores wait for an account (docs/product.md#account-storage).
beforeEach(() => void declareAccount('u-1'));

const chat = (id: string, updatedAt: number): AiChat => ({
  id,
  createdAt: updatedAt,
  updatedAt,
  summary: id,
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

const message = (chatId: string, i: number): AiChatMessage => ({
  id: `${chatId}-${i}`,
  chatId,
  prompt: `p${i}`,
  reply: `r${i}`,
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
  createdAt: 1000 - i, // written newest first: the index must order them
});

/** Every record of a store, read apart from the app's code. */
function rawAll(store: string): Promise<unknown[]> {
  return new Promise((resolve) => {
    const open = indexedDB.open(chatDbName);
    open.onsuccess = () => {
      const request = open.result.transaction(store).objectStore(store).getAll();
      request.onsuccess = () => {
        open.result.close();
        resolve(request.result);
      };
    };
  });
}

describe('AI chats in IndexedDB', () => {
  it('keeps chats (newest first) and messages (in time order) per chat', async () => {
    const db = await chatDb();
    expect(db.persistent).toBe(true);
    await db.putChat(chat('a', 1));
    await db.putChat(chat('b', 2));
    await db.putMessages([message('a', 0), message('a', 1), message('b', 0)]);
    expect((await db.listChats()).map((c) => c.id)).toEqual(['b', 'a']);
    expect((await db.listMessages('a')).map((m) => m.id)).toEqual(['a-1', 'a-0']);
    // One record per message, under the store name of docs/product.md#browser-storage.
    expect(await rawAll('chatByAiMessages')).toHaveLength(3);
  });

  it('saving one reply writes that record only', async () => {
    const db = await chatDb();
    await db.putMessages(Array.from({ length: 2000 }, (_, i) => message('big', i)));
    const put = vi.spyOn(IDBObjectStore.prototype, 'put');
    await db.putMessage({ ...message('big', 5), reply: 'changed' });
    // The message itself, and the small note that it is still to be synced.
    const stores = put.mock.contexts.map((store) => (store as IDBObjectStore).name);
    expect(stores).toEqual(['chatByAiMessages', 'syncOutbox']);
    expect(put.mock.calls[0]?.[0]).toMatchObject({ id: 'big-5', reply: 'changed' });
    const all = await db.listMessages('big');
    expect(all).toHaveLength(2000);
    expect(all.find((m) => m.id === 'big-5')?.reply).toBe('changed');
  });

  it('deleting a chat deletes its messages and no other chat’s', async () => {
    const db = await chatDb();
    await db.putChat(chat('gone', 3));
    await db.putMessages([message('gone', 0), message('gone', 1)]);
    await db.deleteChat('gone');
    expect((await db.listChats()).some((c) => c.id === 'gone')).toBe(false);
    expect(await db.listMessages('gone')).toEqual([]);
    expect((await db.listMessages('a')).length).toBe(2);
    await db.deleteMessages(['a-0']);
    expect((await db.listMessages('a')).map((m) => m.id)).toEqual(['a-1']);
  });

  it('the memory fallback behaves the same', async () => {
    const db = memoryChatDb();
    expect(db.persistent).toBe(false);
    await db.putChat(chat('m', 1));
    await db.putMessages([message('m', 0), message('m', 1)]);
    expect((await db.listMessages('m')).map((m) => m.id)).toEqual(['m-1', 'm-0']);
    await db.deleteChat('m');
    expect(await db.listMessages('m')).toEqual([]);
  });
});

describe('opening a long chat', () => {
  const count = firstScreenMessages * 2 + 20;
  /** A chat whose oldest and newest replies were cut off by a reload (still marked active). */
  async function longChat(id: string) {
    const db = await chatDb();
    await db.putChat(chat(id, 10));
    const messages = Array.from({ length: count }, (_, i) => message(id, i));
    messages[0] = { ...messages[0]!, isActive: true };
    messages[count - 1] = { ...messages[count - 1]!, isActive: true };
    await db.putMessages(messages);
    // Oldest first: message(i) is written newest first.
    return messages.map((m) => m.id).reverse();
  }

  it('reads the last messages first, in order, from IndexedDB and from memory', async () => {
    for (const db of [await chatDb(), memoryChatDb()]) {
      await db.putMessages(Array.from({ length: 10 }, (_, i) => message('tail', i)));
      const recent = await db.listRecentMessages('tail', 3);
      expect(recent.map((m) => m.id)).toEqual(['tail-2', 'tail-1', 'tail-0']);
      expect((await db.listRecentMessages('tail', 50)).length).toBe(10);
      expect(await db.listRecentMessages('nothing', 3)).toEqual([]);
    }
  });

  it('ends with every message once, in order, and replies cut by a reload marked interrupted', async () => {
    const ids = await longChat('long');
    await openChat('long');
    const shown = useChatStore.getState().messages;
    expect(shown.map((m) => m.id)).toEqual(ids);
    for (const id of [ids[0], ids.at(-1)]) {
      expect(shown.find((m) => m.id === id)).toMatchObject({ isActive: false, interrupted: true });
    }
    const stored = await (await chatDb()).listMessages('long');
    expect(stored.filter((m) => m.isActive)).toEqual([]);
  });

  it('a chat opened again while its history is read shows it once', async () => {
    const ids = await longChat('again');
    await (await chatDb()).putChat(chat('short', 11));
    const first = openChat('again');
    const other = openChat('short');
    const last = openChat('again');
    await Promise.all([first, other, last]);
    expect(useChatStore.getState().messages.map((m) => m.id)).toEqual(ids);
  });
});

describe('reply lifecycle (docs/product.md#ai-reply-lifecycle)', () => {
  const active = { ...message('c', 0), reply: '', isActive: true };
  const result = {
    content: '',
    reasoning: '',
    inputTokens: 3,
    outputTokens: 4,
    aborted: false,
    rounds: 1,
  };

  it('completion: inactive, the content as reply, token counts kept', () => {
    expect(finishedMessage(active, { ...result, content: 'Hi', reasoning: 'think' })).toMatchObject(
      {
        isActive: false,
        reply: 'Hi',
        reasoning: 'think',
        inputTokens: 3,
        outputTokens: 4,
      },
    );
  });

  it('completion without content: the reasoning becomes the reply', () => {
    expect(finishedMessage(active, { ...result, reasoning: 'only thoughts' }).reply).toBe(
      'only thoughts',
    );
  });

  it('error: what arrived is kept and the error message stored', () => {
    const failed = finishedMessage(active, {
      ...result,
      content: 'part',
      failure: { code: 503, message: 'overloaded' },
    });
    expect(failed).toMatchObject({ isActive: false, reply: 'part', error: 'overloaded' });
  });

  it('stop: what arrived is kept and marked stopped', () => {
    expect(finishedMessage(active, { ...result, content: 'par', aborted: true })).toMatchObject({
      isActive: false,
      reply: 'par',
      stopped: true,
    });
  });
});

describe('a database from before the sync', () => {
  it('opens with its chats and messages, and queues them all for the first sync', async () => {
    const { IDBFactory } = await import('fake-indexeddb');
    vi.stubGlobal('indexedDB', new IDBFactory());
    await closeChatDbForTests();
    // Version 1: the two stores only, as a browser kept them before the sync existed.
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open(chatDbName, 1);
      open.onupgradeneeded = () => {
        const db = open.result;
        db.createObjectStore('aiChats', { keyPath: 'id' }).createIndex('updatedAt', 'updatedAt');
        db.createObjectStore('chatByAiMessages', { keyPath: 'id' }).createIndex(
          'chatId_createdAt',
          ['chatId', 'createdAt'],
        );
      };
      open.onsuccess = () => {
        const tx = open.result.transaction(['aiChats', 'chatByAiMessages'], 'readwrite');
        tx.objectStore('aiChats').put(chat('old', 1));
        tx.objectStore('chatByAiMessages').put(message('old', 0));
        tx.oncomplete = () => {
          open.result.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error ?? new Error('write failed'));
      };
    });

    const db = await chatDb();
    expect((await db.listChats()).map((c) => c.id)).toEqual(['old']);
    expect((await db.listMessages('old')).map((m) => m.id)).toEqual(['old-0']);
    expect(await db.readOutbox()).toEqual([]);
    await db.enqueueAll();
    expect((await db.readOutbox()).map((e) => e.key).sort()).toEqual(['chat:old', 'message:old-0']);
    vi.unstubAllGlobals();
  });
});

describe('a database from before versions and branches', () => {
  it('keeps its messages, each chat one path in the order it was shown', async () => {
    const { IDBFactory } = await import('fake-indexeddb');
    vi.stubGlobal('indexedDB', new IDBFactory());
    await closeChatDbForTests();
    // Version 2: messages without a parent, as a browser kept them before versions existed.
    await new Promise<void>((resolve, reject) => {
      const open = indexedDB.open(chatDbName, 2);
      open.onupgradeneeded = () => {
        const db = open.result;
        db.createObjectStore('aiChats', { keyPath: 'id' }).createIndex('updatedAt', 'updatedAt');
        db.createObjectStore('chatByAiMessages', { keyPath: 'id' }).createIndex(
          'chatId_createdAt',
          ['chatId', 'createdAt'],
        );
        db.createObjectStore('syncOutbox', { keyPath: 'key' });
        db.createObjectStore('syncMeta');
      };
      open.onsuccess = () => {
        const tx = open.result.transaction(['aiChats', 'chatByAiMessages'], 'readwrite');
        for (const id of ['a', 'b']) {
          tx.objectStore('aiChats').put(chat(id, 1));
          for (let i = 0; i < 3; i += 1) tx.objectStore('chatByAiMessages').put(message(id, i));
        }
        tx.oncomplete = () => {
          open.result.close();
          resolve();
        };
        tx.onerror = () => reject(tx.error ?? new Error('write failed'));
      };
    });

    const db = await chatDb();
    for (const id of ['a', 'b']) {
      // message(id, i) is created at 1000 - i: the last written is the first shown.
      expect((await db.listMessages(id)).map((m) => [m.id, m.parentId])).toEqual([
        [`${id}-2`, null],
        [`${id}-1`, `${id}-2`],
        [`${id}-0`, `${id}-1`],
      ]);
    }
    // Every device computes the same parents, as the server did for its copy: nothing to send.
    expect(await db.readOutbox()).toEqual([]);
    vi.unstubAllGlobals();
  });
});
