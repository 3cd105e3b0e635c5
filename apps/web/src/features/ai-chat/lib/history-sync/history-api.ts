/** The server's AI history routes (docs/product.md#ai-history-sync), checked against the contract. */
import {
  aiHistoryChatsReplySchema,
  aiHistoryMessagesReplySchema,
  aiHistoryPushReplySchema,
  aiHistoryRoutes,
  aiHistorySettingsReplySchema,
  type AiHistoryMode,
  type AiHistoryPushChange,
} from '@confab/protocol/ai-history';
import { aiHistorySearchReplySchema } from '@confab/protocol/ai-history-search';
import { apiFetch } from '@/lib/api-client';

/** A first sync moves megabytes: a page may take longer than an ordinary call. */
const timeoutMs = 30_000;

export async function pullChats(since: number) {
  const reply = await apiFetch(`${aiHistoryRoutes.chats}?since=${since}`, {
    parse: (json) => aiHistoryChatsReplySchema.parse(json),
    timeoutMs,
  });
  return reply.data;
}

export async function pullMessages(since: number) {
  const reply = await apiFetch(`${aiHistoryRoutes.messages}?since=${since}`, {
    parse: (json) => aiHistoryMessagesReplySchema.parse(json),
    timeoutMs,
  });
  return reply.data;
}

export async function pushChanges(changes: AiHistoryPushChange[]) {
  const reply = await apiFetch(aiHistoryRoutes.chats, {
    method: 'POST',
    body: { changes },
    parse: (json) => aiHistoryPushReplySchema.parse(json),
    timeoutMs,
  });
  return reply.data;
}

export async function readHistorySettings() {
  const reply = await apiFetch(aiHistoryRoutes.settings, {
    parse: (json) => aiHistorySettingsReplySchema.parse(json),
  });
  return reply.data;
}

export async function writeHistoryMode(mode: AiHistoryMode) {
  const reply = await apiFetch(aiHistoryRoutes.settings, {
    method: 'PUT',
    body: { mode },
    parse: (json) => aiHistorySettingsReplySchema.parse(json),
    timeoutMs,
  });
  return reply.data;
}

/** The account's messages holding `q` on the server (docs/product.md#ai-history-search). */
export async function searchHistory(q: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ q });
  const reply = await apiFetch(`${aiHistoryRoutes.search}?${query.toString()}`, {
    parse: (json) => aiHistorySearchReplySchema.parse(json),
    signal,
  });
  return reply.data.results;
}
