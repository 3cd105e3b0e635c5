import type { SocialChat } from '@confab/protocol/social-chat';
import { createStore, get, set, type UseStore } from 'idb-keyval';
import { accountDatabases } from '@/lib/account-storage/account-databases';
import { accountStorageReady } from '@/lib/account-storage/account-storage';

const listKey = 'chats';
let store: UseStore | null = null;

async function open(): Promise<UseStore | null> {
  if (!(await accountStorageReady())) return null;
  return (store ??= createStore(accountDatabases.chatList, 'chats'));
}

/**
 * The account's chat list as last read from the server, kept in its own browser store
 * (docs/product.md#installable-app): a page loaded offline opens its chats from it, their
 * messages wait in the outbox, and the list is read afresh once connected. Storage failures
 * only lose the copy.
 */
export async function saveChatListCopy(chats: readonly SocialChat[]): Promise<void> {
  try {
    const opened = await open();
    if (opened) await set(listKey, chats, opened);
  } catch {
    // No copy: an offline page load shows the list's error instead.
  }
}

export async function readChatListCopy(): Promise<readonly SocialChat[] | null> {
  try {
    const opened = await open();
    const chats = opened ? await get<readonly SocialChat[]>(listKey, opened) : undefined;
    return Array.isArray(chats) ? chats : null;
  } catch {
    return null;
  }
}
