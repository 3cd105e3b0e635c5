/** The AI chat database on IndexedDB (the stores are described in chat-db.ts). */
import type { AiChat, AiChatMessage } from '@confab/protocol/ai-chat';
import {
  noteLocalChange,
  outboxEntry,
  outboxKey,
  type ChatDb,
  type OutboxEntry,
} from './chat-db-contract';

const chatsStore = 'aiChats';
const messagesStore = 'chatByAiMessages';
const outboxStore = 'syncOutbox';
const metaStore = 'syncMeta';
const byChat = 'chatId_createdAt';
/**
 * 2 added the sync's outbox and meta stores; 3 gave every message its parent
 * (docs/product.md#versions-and-branches).
 */
const version = 3;

function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

function result<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });
}

/**
 * Messages from before versions existed become one path per chat, in the order they were shown:
 * each follows the one created before it. The server gives its copies the same parents, so
 * nothing is queued for the sync.
 */
function linkOldMessages(store: IDBObjectStore): void {
  let chatId: string | null = null;
  let previous: string | null = null;
  const cursor = store.index(byChat).openCursor();
  cursor.onsuccess = () => {
    const at = cursor.result;
    if (!at) return;
    const message = at.value as AiChatMessage;
    if (message.chatId !== chatId) {
      chatId = message.chatId;
      previous = null;
    }
    if (message.parentId === undefined) at.update({ ...message, parentId: previous });
    previous = message.id;
    at.continue();
  };
}

function openDb(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, version);
    request.onupgradeneeded = (event) => {
      const db = request.result;
      const has = (store: string) => db.objectStoreNames.contains(store);
      if (!has(chatsStore)) {
        db.createObjectStore(chatsStore, { keyPath: 'id' }).createIndex('updatedAt', 'updatedAt');
      }
      if (!has(messagesStore)) {
        db.createObjectStore(messagesStore, { keyPath: 'id' }).createIndex(byChat, [
          'chatId',
          'createdAt',
        ]);
      }
      if (!has(outboxStore)) db.createObjectStore(outboxStore, { keyPath: 'key' });
      if (!has(metaStore)) db.createObjectStore(metaStore);
      if (event.oldVersion > 0 && event.oldVersion < 3 && request.transaction) {
        linkOldMessages(request.transaction.objectStore(messagesStore));
      }
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB cannot be opened'));
    request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
  });
}

const newestFirst = (a: AiChat, b: AiChat) => b.updatedAt - a.updatedAt;
/** Keys of these stores are the ids the app gave them: strings. */
const keyText = (key: IDBValidKey) => key as string;
const chatRange = (chatId: string) => IDBKeyRange.bound([chatId, -Infinity], [chatId, Infinity]);
const revisionKey = (chatId: string) => `revision:${chatId}`;

export async function openIndexedChatDb(name: string): Promise<ChatDb> {
  const db = await openDb(name);
  const read = <T>(storeName: string, work: (store: IDBObjectStore) => IDBRequest<T>) =>
    result(work(db.transaction(storeName, 'readonly').objectStore(storeName)));

  /** Runs `work` in one read-write transaction of these stores, then tells the sync. */
  async function change(
    stores: string[],
    work: (tx: IDBTransaction) => void | Promise<void>,
    local = true,
  ): Promise<void> {
    const tx = db.transaction(stores, 'readwrite');
    const finished = done(tx);
    await work(tx);
    // Committed at once, not when this task ends: a reply saved as the page unloads (pagehide)
    // is otherwise dropped with the page. A transaction already committing needs no push.
    try {
      tx.commit?.();
    } catch {
      // InvalidStateError: it finished by itself.
    }
    await finished;
    if (local) noteLocalChange();
  }

  const putMessagesIn = (tx: IDBTransaction, messages: readonly AiChatMessage[]) => {
    for (const message of messages) {
      tx.objectStore(messagesStore).put(message);
      tx.objectStore(outboxStore).put(outboxEntry('message', message.id, message.chatId));
    }
  };

  return {
    persistent: true,
    async listChats() {
      const chats = await read(chatsStore, (s) => s.getAll() as IDBRequest<AiChat[]>);
      return chats.sort(newestFirst);
    },
    getChat: (id) => read(chatsStore, (s) => s.get(id) as IDBRequest<AiChat | undefined>),
    putChat: (chat) =>
      change([chatsStore, outboxStore], (tx) => {
        tx.objectStore(chatsStore).put(chat);
        tx.objectStore(outboxStore).put(outboxEntry('chat', chat.id, chat.id));
      }),
    deleteChat: (id) =>
      change([chatsStore, messagesStore, outboxStore], async (tx) => {
        tx.objectStore(chatsStore).delete(id);
        const outbox = tx.objectStore(outboxStore);
        outbox.put(outboxEntry('chat', id, id, true));
        const keys = await result(
          tx.objectStore(messagesStore).index(byChat).getAllKeys(chatRange(id)),
        );
        for (const key of keys) {
          tx.objectStore(messagesStore).delete(key);
          // The chat's deletion takes its messages on the server too.
          outbox.delete(outboxKey('message', keyText(key)));
        }
      }),
    listMessages: (chatId) =>
      read(
        messagesStore,
        (s) => s.index(byChat).getAll(chatRange(chatId)) as IDBRequest<AiChatMessage[]>,
      ),
    listRecentMessages(chatId, count) {
      // getAll cannot read backwards: a cursor from the newest end stops after `count`.
      const index = db.transaction(messagesStore, 'readonly').objectStore(messagesStore);
      const request = index.index(byChat).openCursor(chatRange(chatId), 'prev');
      const newest: AiChatMessage[] = [];
      return new Promise((resolve, reject) => {
        request.onsuccess = () => {
          const cursor = request.result;
          if (cursor && newest.length < count) {
            newest.push(cursor.value as AiChatMessage);
            cursor.continue();
          } else resolve(newest.reverse());
        };
        request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
      });
    },
    getMessage: (id) =>
      read(messagesStore, (s) => s.get(id) as IDBRequest<AiChatMessage | undefined>),
    putMessage: (message) =>
      change([messagesStore, outboxStore], (tx) => putMessagesIn(tx, [message])),
    putMessages: (messages) =>
      change([messagesStore, outboxStore], (tx) => putMessagesIn(tx, messages)),
    async deleteMessages(ids) {
      if (ids.length === 0) return;
      await change([messagesStore, outboxStore], async (tx) => {
        const store = tx.objectStore(messagesStore);
        const found = await Promise.all(
          ids.map((id) => result(store.get(id) as IDBRequest<AiChatMessage | undefined>)),
        );
        for (const message of found) {
          if (!message) continue;
          store.delete(message.id);
          tx.objectStore(outboxStore).put(outboxEntry('message', message.id, message.chatId, true));
        }
      });
    },

    readOutbox: () => read(outboxStore, (s) => s.getAll() as IDBRequest<OutboxEntry[]>),
    clearOutbox: (entries) =>
      change(
        [outboxStore],
        async (tx) => {
          const store = tx.objectStore(outboxStore);
          const now = await Promise.all(
            entries.map((e) => result(store.get(e.key) as IDBRequest<OutboxEntry | undefined>)),
          );
          entries.forEach((entry, i) => {
            if (now[i]?.version === entry.version) store.delete(entry.key);
          });
        },
        false,
      ),
    enqueueAll: () =>
      change([chatsStore, messagesStore, outboxStore], async (tx) => {
        const outbox = tx.objectStore(outboxStore);
        const chatIds = await result(tx.objectStore(chatsStore).getAllKeys());
        for (const id of chatIds) outbox.put(outboxEntry('chat', keyText(id), keyText(id)));
        const messages = await result(
          tx.objectStore(messagesStore).getAll() as IDBRequest<AiChatMessage[]>,
        );
        for (const m of messages) outbox.put(outboxEntry('message', m.id, m.chatId));
      }),
    enqueueMessages: (messages) =>
      change([outboxStore], (tx) => {
        const outbox = tx.objectStore(outboxStore);
        for (const m of messages) outbox.put(outboxEntry('message', m.id, m.chatId));
      }),
    applyRemote: (changes) =>
      change(
        [chatsStore, messagesStore, outboxStore, metaStore],
        async (tx) => {
          const outbox = tx.objectStore(outboxStore);
          const pending = new Set((await result(outbox.getAllKeys())).map(String));
          const chats = tx.objectStore(chatsStore);
          const messages = tx.objectStore(messagesStore);
          const meta = tx.objectStore(metaStore);
          for (const chat of changes.chats) {
            if (!pending.has(outboxKey('chat', chat.id))) chats.put(chat);
          }
          for (const message of changes.messages) {
            if (!pending.has(outboxKey('message', message.id))) messages.put(message);
          }
          // Deletion wins: a deleted chat goes with whatever this device still meant to send.
          for (const id of changes.deletedChats) {
            chats.delete(id);
            outbox.delete(outboxKey('chat', id));
            meta.delete(revisionKey(id));
            const keys = await result(messages.index(byChat).getAllKeys(chatRange(id)));
            for (const key of keys) {
              messages.delete(key);
              outbox.delete(outboxKey('message', keyText(key)));
            }
          }
          for (const id of changes.deletedMessages) {
            messages.delete(id);
            outbox.delete(outboxKey('message', id));
          }
          for (const [id, revision] of Object.entries(changes.chatRevisions)) {
            meta.put(revision, revisionKey(id));
          }
        },
        false,
      ),
    async chatRevision(id) {
      const value = await read(metaStore, (s) => s.get(revisionKey(id)) as IDBRequest<unknown>);
      return typeof value === 'number' ? value : 0;
    },
    getMeta: (key) => read(metaStore, (s) => s.get(key) as IDBRequest<unknown>),
    setMeta: (key, value) =>
      change([metaStore], (tx) => void tx.objectStore(metaStore).put(value, key), false),
  };
}
