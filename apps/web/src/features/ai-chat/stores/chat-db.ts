/**
 * AI chats and their messages in IndexedDB (database `confab-ai`), one record per entity so that
 * saving a reply writes that reply only, whatever the chat's length:
 *   aiChats           key `id`; index `updatedAt`
 *   chatByAiMessages  key `id`; index `chatId_createdAt` on [chatId, createdAt] (a chat's
 *                     messages in order, read with one getAll over a key range)
 *   syncOutbox        key `key` (`chat:{id}` or `message:{id}`): what changed here and is not yet
 *                     on the server (docs/product.md#ai-history-sync), written in the same
 *                     transaction as the change itself
 *   syncMeta          key-value: the last revision pulled, each chat's server revision
 * It is opened once it is the signed-in account's (docs/product.md#account-storage). Where
 * IndexedDB cannot be opened (some private windows), or the switch to the account failed, the
 * same operations work on memory (and still sync, so such a window has the account's history).
 */
import { accountDatabases } from '@/lib/account-storage/account-databases';
import { accountStorageReady } from '@/lib/account-storage/account-storage';
import type { ChatDb } from './chat-db-contract';
import { memoryChatDb } from './chat-db-memory';
import { openIndexedChatDb } from './chat-db-indexed';

export type { ChatDb, OutboxEntry, RemoteChanges } from './chat-db-contract';
export { onLocalChange } from './chat-db-contract';
export { memoryChatDb } from './chat-db-memory';
export const chatDbName = accountDatabases.aiChats;

let opened: Promise<ChatDb> | null = null;

/** The chat database of this page: IndexedDB, or memory when it cannot be opened. */
export function chatDb(): Promise<ChatDb> {
  opened ??= (async () => {
    try {
      if (!(await accountStorageReady())) throw new Error('The account stores are not ready');
      if (typeof indexedDB === 'undefined') throw new Error('No IndexedDB');
      return await openIndexedChatDb(chatDbName);
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
