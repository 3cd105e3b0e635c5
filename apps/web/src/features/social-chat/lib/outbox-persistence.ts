import { createStore, del, set, values, type UseStore } from 'idb-keyval';
import { accountDatabases } from '@/lib/account-storage/account-databases';
import { accountStorageReady } from '@/lib/account-storage/account-storage';
import type { OutboxEntry, OutboxPersistence } from './outbox-entry';

/** IndexedDB database `confab-outbox`, object store `messages`, one record per `clientId`. */
export const outboxDatabase = { name: accountDatabases.outbox, store: 'messages' } as const;

/**
 * The outbox in IndexedDB, read once it is the signed-in account's
 * (docs/product.md#account-storage). When IndexedDB cannot be opened (some private windows)
 * or the switch to the account failed, every call still succeeds and the entries live in
 * memory for this page only: sending must not break because storage does.
 */
export function indexedDbPersistence(): OutboxPersistence {
  let store: UseStore | null = null;
  const open = async () => {
    if (!(await accountStorageReady())) throw new Error('The account stores are not ready');
    return (store ??= createStore(outboxDatabase.name, outboxDatabase.store));
  };
  const quietly = async <T>(work: () => Promise<T>, fallback: T): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      console.warn('The outbox is kept in memory only: IndexedDB is unavailable.', error);
      return fallback;
    }
  };
  return {
    load: () => quietly(async () => values<OutboxEntry>(await open()), []),
    put: (entry) => quietly(async () => set(entry.clientId, entry, await open()), undefined),
    remove: (clientId) => quietly(async () => del(clientId, await open()), undefined),
  };
}
