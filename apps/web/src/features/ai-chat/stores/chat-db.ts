/**
 * AI chats and their messages in IndexedDB (database `confab-ai`), one record per entity so that
 * saving a reply writes that reply only, whatever the chat's length:
 *   aiChats           key `id`; index `updatedAt`
 *   chatByAiMessages  key `id`; index `chatId_createdAt` on [chatId, createdAt] (a chat's
 *                     messages in order, read with one getAll over a key range)
 * It is opened once it is the signed-in account's (docs/product.md#account-storage). Where
 * IndexedDB cannot be opened (some private windows), or the switch to the account failed, the
 * same operations work on memory.
 */
import type { AiChat, AiChatMessage } from '@confab/protocol/ai-chat';
import { accountDatabases } from '@/lib/account-storage/account-databases';
import { accountStorageReady } from '@/lib/account-storage/account-storage';

export const chatDbName = accountDatabases.aiChats;
export const chatsStore = 'aiChats';
export const messagesStore = 'chatByAiMessages';
const byChat = 'chatId_createdAt';

export interface ChatDb {
  persistent: boolean;
  listChats(): Promise<AiChat[]>;
  putChat(chat: AiChat): Promise<void>;
  /** Deletes the chat and every message of it. */
  deleteChat(id: string): Promise<void>;
  listMessages(chatId: string): Promise<AiChatMessage[]>;
  /** The chat's last `count` messages, oldest first (what a chat shows when it opens). */
  listRecentMessages(chatId: string, count: number): Promise<AiChatMessage[]>;
  putMessage(message: AiChatMessage): Promise<void>;
  putMessages(messages: readonly AiChatMessage[]): Promise<void>;
  deleteMessages(ids: readonly string[]): Promise<void>;
}

function done(request: IDBRequest | IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    if (request instanceof IDBTransaction) {
      request.oncomplete = () => resolve();
      request.onerror = () => reject(request.error ?? new Error('IndexedDB transaction failed'));
      request.onabort = () => reject(request.error ?? new Error('IndexedDB transaction aborted'));
    } else {
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
    }
  });
}

function result<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

function openDb(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(chatDbName, 1);
    request.onupgradeneeded = () => {
      const db = request.result;
      db.createObjectStore(chatsStore, { keyPath: 'id' }).createIndex('updatedAt', 'updatedAt');
      db.createObjectStore(messagesStore, { keyPath: 'id' }).createIndex(byChat, [
        'chatId',
        'createdAt',
      ]);
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB cannot be opened'));
    request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
  });
}

const newestFirst = (a: AiChat, b: AiChat) => b.updatedAt - a.updatedAt;
const oldestFirst = (a: AiChatMessage, b: AiChatMessage) => a.createdAt - b.createdAt;

function indexedChatDb(db: IDBDatabase): ChatDb {
  const store = (name: string, mode: IDBTransactionMode) => {
    const tx = db.transaction(name, mode);
    return { tx, store: tx.objectStore(name) };
  };
  return {
    persistent: true,
    async listChats() {
      const chats = await result(
        store(chatsStore, 'readonly').store.getAll() as IDBRequest<AiChat[]>,
      );
      return chats.sort(newestFirst);
    },
    async putChat(chat) {
      const { tx, store: s } = store(chatsStore, 'readwrite');
      s.put(chat);
      await done(tx);
    },
    async deleteChat(id) {
      const tx = db.transaction([chatsStore, messagesStore], 'readwrite');
      tx.objectStore(chatsStore).delete(id);
      const range = IDBKeyRange.bound([id, -Infinity], [id, Infinity]);
      const index = tx.objectStore(messagesStore).index(byChat);
      const keys = await result(index.getAllKeys(range));
      for (const key of keys) tx.objectStore(messagesStore).delete(key);
      await done(tx);
    },
    async listMessages(chatId) {
      const range = IDBKeyRange.bound([chatId, -Infinity], [chatId, Infinity]);
      const index = store(messagesStore, 'readonly').store.index(byChat);
      return await result(index.getAll(range) as IDBRequest<AiChatMessage[]>);
    },
    listRecentMessages(chatId, count) {
      // getAll cannot read backwards: a cursor from the newest end stops after `count`.
      const range = IDBKeyRange.bound([chatId, -Infinity], [chatId, Infinity]);
      const index = store(messagesStore, 'readonly').store.index(byChat);
      const request = index.openCursor(range, 'prev');
      const newestFirst: AiChatMessage[] = [];
      return new Promise((resolve, reject) => {
        request.onsuccess = () => {
          const cursor = request.result;
          if (cursor && newestFirst.length < count) {
            newestFirst.push(cursor.value as AiChatMessage);
            cursor.continue();
          } else resolve(newestFirst.reverse());
        };
        request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
      });
    },
    async putMessage(message) {
      const { tx, store: s } = store(messagesStore, 'readwrite');
      s.put(message);
      // Committed at once, not when this task ends: a reply saved as the page unloads (pagehide)
      // is otherwise dropped with the page.
      tx.commit?.();
      await done(tx);
    },
    async putMessages(messages) {
      const { tx, store: s } = store(messagesStore, 'readwrite');
      for (const message of messages) s.put(message);
      await done(tx);
    },
    async deleteMessages(ids) {
      const { tx, store: s } = store(messagesStore, 'readwrite');
      for (const id of ids) s.delete(id);
      await done(tx);
    },
  };
}

export function memoryChatDb(): ChatDb {
  const chats = new Map<string, AiChat>();
  const messages = new Map<string, AiChatMessage>();
  const clone = <T>(value: T): T => structuredClone(value);
  return {
    persistent: false,
    listChats: async () => [...chats.values()].map(clone).sort(newestFirst),
    putChat: async (chat) => void chats.set(chat.id, clone(chat)),
    deleteChat: async (id) => {
      chats.delete(id);
      for (const [key, m] of messages) if (m.chatId === id) messages.delete(key);
    },
    listMessages: async (chatId) =>
      [...messages.values()]
        .filter((m) => m.chatId === chatId)
        .map(clone)
        .sort(oldestFirst),
    listRecentMessages: async (chatId, count) =>
      [...messages.values()]
        .filter((m) => m.chatId === chatId)
        .sort(oldestFirst)
        .slice(-count)
        .map(clone),
    putMessage: async (m) => void messages.set(m.id, clone(m)),
    putMessages: async (list) => list.forEach((m) => messages.set(m.id, clone(m))),
    deleteMessages: async (ids) => ids.forEach((id) => messages.delete(id)),
  };
}

let opened: Promise<ChatDb> | null = null;

/** The chat database of this page: IndexedDB, or memory when it cannot be opened. */
export function chatDb(): Promise<ChatDb> {
  opened ??= (async () => {
    try {
      if (!(await accountStorageReady())) throw new Error('The account stores are not ready');
      if (typeof indexedDB === 'undefined') throw new Error('No IndexedDB');
      return indexedChatDb(await openDb());
    } catch (error) {
      console.warn('AI chats are kept in memory only: IndexedDB is unavailable.', error);
      return memoryChatDb();
    }
  })();
  return opened;
}

/** For tests: forget the opened database, as a reload would. */
export async function closeChatDbForTests(): Promise<void> {
  opened = null;
}
