/** What the AI history sync is doing, for the screens (docs/product.md#ai-history-sync). */
import type { AiHistoryMode } from '@confab/protocol/ai-history';
import { create } from 'zustand';

export interface HistorySyncState {
  /** Unknown until the server or this device said. */
  mode: AiHistoryMode | null;
  /** Changes made here wait for the server (offline, or the server refused them for now). */
  pending: boolean;
  /** The server's message when the account's storage limit stopped a change. */
  full: string | null;
  /** The last failure to reach the server, while it lasts. */
  error: string | null;
}

export const useHistorySyncStore = create<HistorySyncState>()(() => ({
  mode: null,
  pending: false,
  full: null,
  error: null,
}));
