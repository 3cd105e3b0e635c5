/**
 * Search of the AI messages this device holds (docs/product.md#ai-history-search): what the
 * chat list shows when the server cannot answer (offline, a failed request) or holds nothing
 * (device-only). The same matching and snippets as the server's.
 */
import {
  aiHistorySearchLimitDefault,
  searchSnippet,
  type AiHistorySearchResult,
} from '@confab/protocol/ai-history-search';
import type { ChatDb } from '../stores/chat-db';

/** Most messages one local search reads: the chats updated last come first. */
export const localSearchScanMax = 20_000;

export interface LocalSearchOutcome {
  results: AiHistorySearchResult[];
  /** False when the cap stopped the scan before every chat was read. */
  complete: boolean;
}

export async function searchLocalMessages(
  db: ChatDb,
  query: string,
  { limit = aiHistorySearchLimitDefault, scanMax = localSearchScanMax } = {},
): Promise<LocalSearchOutcome> {
  const found: AiHistorySearchResult[] = [];
  let scanned = 0;
  let complete = true;
  for (const chat of await db.listChats()) {
    if (scanned >= scanMax) {
      complete = false;
      break;
    }
    const messages = await db.listMessages(chat.id);
    scanned += messages.length;
    for (const message of messages) {
      const snippet = searchSnippet(message, query);
      if (!snippet) continue;
      found.push({
        chatId: chat.id,
        messageId: message.id,
        chatTitle: chat.summary,
        createdAt: message.createdAt,
        ...snippet,
      });
    }
  }
  found.sort((a, b) => b.createdAt - a.createdAt);
  return { results: found.slice(0, limit), complete };
}
