/**
 * Where a search of the AI messages is answered (docs/product.md#ai-history-search): the
 * server's index while the account syncs and the browser is online, this device's copy
 * otherwise, or when the server's answer does not come.
 */
import type { AiHistorySearchResult } from '@confab/protocol/ai-history-search';
import { chatDb } from '../stores/chat-db';
import { useHistorySyncStore } from '../stores/history-sync-store';
import { searchHistory } from './history-sync/history-api';
import { searchLocalMessages } from './local-message-search';

export interface MessageSearchOutcome {
  results: AiHistorySearchResult[];
  source: 'server' | 'device';
  /** False when the device's scan stopped at its cap. */
  complete: boolean;
}

export async function searchMessages(
  query: string,
  signal?: AbortSignal,
): Promise<MessageSearchOutcome> {
  const synced = useHistorySyncStore.getState().mode !== 'device';
  if (synced && navigator.onLine) {
    try {
      return { results: await searchHistory(query, signal), source: 'server', complete: true };
    } catch (error) {
      if (signal?.aborted) throw error;
      // The device's copy answers instead.
    }
  }
  const local = await searchLocalMessages(await chatDb(), query);
  return { ...local, source: 'device' };
}
