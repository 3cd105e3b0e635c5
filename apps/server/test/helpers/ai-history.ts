import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import {
  aiHistoryRoutes,
  type AiHistoryChange,
  type AiHistoryPushChange,
  type AiHistoryPushResult,
  type AiHistorySettings,
  type AiSettingsSync,
  type AiSettingsSyncBody,
  type SealedKeys,
  type SyncedSettings,
} from '@confab/protocol/ai-history';
import { defaultSettings } from '@confab/protocol/ai-settings';
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

/** Stored settings as a device syncs them: no `key` or `secret` anywhere. */
export function syncedSettings(model = 'qwen2.5:7b'): SyncedSettings {
  const settings = defaultSettings();
  return {
    modelMapping: { 'gpt-4o': 'gpt-4o-2024' },
    toolStates: { 'files.read': true },
    api: {
      activeProvider: settings.api.activeProvider,
      providers: Object.fromEntries(
        Object.entries(settings.api.providers).map(([name, { key: _k, secret: _s, ...rest }]) => [
          name,
          name === settings.api.activeProvider ? { ...rest, model } : rest,
        ]),
      ),
    },
  };
}

/** Keys sealed in a browser, as the server sees them: opaque base64. */
export function sealedKeys(ciphertext = 'c2VhbGVkIGtleXM='): SealedKeys {
  return {
    version: 1,
    kdf: 'PBKDF2-SHA256',
    iterations: 600_000,
    salt: 'AAECAwQFBgcICQoLDA0ODw==',
    iv: 'AAECAwQFBgcICQoL',
    ciphertext,
  };
}

/** The synced provider settings route as one signed-in device calls it. */
export function settingsSyncAs(app: FastifyInstance, cookie: string) {
  const call = (method: 'GET' | 'PUT', payload?: unknown) =>
    app.inject({
      method,
      url: aiHistoryRoutes.providerSettings,
      headers: { cookie },
      ...(payload !== undefined && { payload: payload as object }),
    });
  const data = async (response: Promise<LightMyRequestResponse>): Promise<AiSettingsSync> => {
    const reply = await response;
    if (reply.statusCode !== 200) throw new Error(`${reply.statusCode} ${reply.body}`);
    return reply.json<{ data: AiSettingsSync }>().data;
  };
  return {
    call,
    read: () => data(call('GET')),
    write: (body: AiSettingsSyncBody) => data(call('PUT', body)),
  };
}

/** The search route's URL for a query (and a limit). */
export function searchUrl(q: string, limit?: number): string {
  const query = new URLSearchParams({ q, ...(limit !== undefined && { limit: String(limit) }) });
  return `${aiHistoryRoutes.search}?${query.toString()}`;
}
