/**
 * This device's settings sync state, kept in the account's settings store
 * (docs/product.md#settings-and-key-sync): what was last agreed with the server and, while key
 * sync is on here, the key derived from the passphrase (non-extractable; never the passphrase).
 */
import { del, get, set } from 'idb-keyval';
import { accountSettingsStore } from '@/lib/stored-settings/settings-store';
import type { SealingKey } from '../key-sealing';

const stateKey = 'settingsSync';

export interface SyncState {
  /** syncFingerprint of the settings last sent to or taken from the server. */
  synced?: string;
  /** Present while this device syncs API keys. */
  sealing?: SealingKey;
}

// Without IndexedDB the state lives for this page only, like the settings themselves.
let memory: SyncState = {};

export async function readSyncState(): Promise<SyncState> {
  const store = await accountSettingsStore().catch(() => null);
  if (!store) return memory;
  try {
    return (await get<SyncState>(stateKey, store)) ?? {};
  } catch {
    return memory;
  }
}

export async function writeSyncState(state: SyncState): Promise<void> {
  memory = state;
  const store = await accountSettingsStore().catch(() => null);
  if (!store) return;
  try {
    await set(stateKey, state, store);
  } catch {
    // Kept in memory: the next page load starts over from the server's copy.
  }
}

/** For tests: forget this page's memory copy. */
export async function resetSyncStateForTests(): Promise<void> {
  memory = {};
  const store = await accountSettingsStore().catch(() => null);
  if (store) await del(stateKey, store);
}
