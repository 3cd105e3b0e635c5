/** What the settings sync knows, for the provider settings screen (docs/product.md#settings-and-key-sync). */
import { create } from 'zustand';

export interface SettingsSyncState {
  /** 'device': the account keeps its AI chats (and settings) on its devices only; null: not known yet. */
  mode: 'synced' | 'device' | null;
  /** The server holds sealed keys (key sync is on at some device of the account). */
  serverHasKeys: boolean;
  /** This device syncs its API keys (it holds the key derived from the passphrase). */
  keySync: boolean;
  /**
   * The server's reason for refusing this device's settings (a 4xx other than a conflict): they
   * are not sent again until they change. null: the last write, if any, was taken.
   */
  refused: string | null;
}

export const useSettingsSyncStore = create<SettingsSyncState>()(() => ({
  mode: null,
  serverHasKeys: false,
  keySync: false,
  refused: null,
}));
