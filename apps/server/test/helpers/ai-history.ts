import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  aiHistoryRoutes,
  type AiHistoryChange,
  type AiHistoryPushChange,
  type AiHistoryPushResult,
  type AiHistorySettings,
} from '@confab/protocol/ai-history';
import type { AiChat, AiChatMessage } from '@confab/protocol/ai-chat';
import type { AiHistorySearchResult } from '@confab/protocol/ai-history-search';

/** A chat as a device holds it; every field can be overridden. */
export function aiChat(overrides: Partial<AiChat> = {}): AiChat {
  return {
    id: randomUUID(),
    createdAt: 1_700_000_000_000,
    summary: 'A chat',
    model: 'gpt-test',
    systemMessage: '',
    maxCtxMessages: 10,
    temperature: 0.7,
    maxTokens: null,
    prompt: '',
    input: '',
    stream: true,
    context: '',
    updatedAt: 1_700_000_000_000,
    ...overrides,
  };
}

/** A message of `chatId` as a device holds it. */
export function aiMessage(chatId: string, overrides: Partial<AiChatMessage> = {}): AiChatMessage {
  return {
    id: randomUUID(),
    chatId,
    prompt: 'What is a revision?',
    reply: 'A number that only grows.',
    reasoning: '',
    model: 'gpt-test',
    provider: 'openai',
    temperature: 0.7,
    maxTokens: null,
    inputTokens: 3,
    outputTokens: 7,
    memo: '',
    isActive: true,
    citedFiles: [],
    citedChunks: [],
    createdAt: 1_700_000_000_001,
    ...overrides,
  };
}

export const putChat = (chat: AiChat, baseRevision = 0): AiHistoryPushChange => ({
  kind: 'chat',
  chat,
  baseRevision,
});
export const putMessage = (message: AiChatMessage): AiHistoryPushChange => ({
  kind: 'message',
  message,
});

/** The AI history routes as one signed-in device calls them (cookie from the session). */
export function aiHistoryAs(app: FastifyInstance, cookie: string) {
  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse> =>
    app.inject({ method, url, headers: { cookie }, ...(payload !== undefined && { payload }) });
  const data = async <T>(response: Promise<LightMyRequestResponse>): Promise<T> => {
    const reply = await response;
    if (reply.statusCode !== 200) throw new Error(`${reply.statusCode} ${reply.body}`);
    return reply.json<{ data: T }>().data;
  };
  return {
    call,
    push: (changes: AiHistoryPushChange[]) =>
      data<{ results: AiHistoryPushResult[]; revision: number }>(
        call('POST', aiHistoryRoutes.chats, { changes }),
      ),
    chats: (since = 0) =>
      data<{ settings: AiHistorySettings; changes: AiHistoryChange[] }>(
        call('GET', `${aiHistoryRoutes.chats}?since=${since}`),
      ),
    messages: (since = 0) =>
      data<{ changes: AiHistoryChange[]; more: boolean }>(
        call('GET', `${aiHistoryRoutes.messages}?since=${since}`),
      ),
    settings: () => data<AiHistorySettings>(call('GET', aiHistoryRoutes.settings)),
    search: (q: string, limit?: number) =>
      data<{ results: AiHistorySearchResult[] }>(call('GET', searchUrl(q, limit))).then(
        ({ results }) => results,
      ),
    setMode: (mode: 'synced' | 'device') =>
      data<AiHistorySettings>(call('PUT', aiHistoryRoutes.settings, { mode })),
  };
}

/** The search route's URL for a query (and a limit). */
export function searchUrl(q: string, limit?: number): string {
  const query = new URLSearchParams({ q, ...(limit !== undefined && { limit: String(limit) }) });
  return `${aiHistoryRoutes.search}?${query.toString()}`;
}
