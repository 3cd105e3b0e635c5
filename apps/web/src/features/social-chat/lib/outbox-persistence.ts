import { createStore, del, set, values, type UseStore } from 'idb-keyval';
import type { OutboxEntry, OutboxPersistence } from './outbox-entry';

/** IndexedDB database `confab-outbox`, object store `messages`, one record per `clientId`. */
export const outboxDatabase = { name: 'confab-outbox', store: 'messages' } as const;

/**
 * The outbox in IndexedDB. When IndexedDB cannot be opened (some private windows) every call
 * still succeeds and the entries live in memory for this page only: sending must not break
 * because storage does.
 */
export function indexedDbPersistence(): OutboxPersistence {
  let store: UseStore | null = null;
  const open = () => (store ??= createStore(outboxDatabase.name, outboxDatabase.store));
  const quietly = async <T>(work: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      console.warn('The outbox is kept in memory only: IndexedDB is unavailable.', error);
      return fallback;
    }
  };
  return {
    load: () => quietly(() => values<OutboxEntry>(open()), []),
    put: (entry) => quietly(() => set(entry.clientId, entry, open()), undefined),
    remove: (clientId) => quietly(() => del(clientId, open()), undefined),
  };
}
