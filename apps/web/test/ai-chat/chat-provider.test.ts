// @vitest-environment node
import { defaultSettings, type StoredSettings } from '@confab/protocol/ai-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newChat } from '@/features/ai-chat/actions/chat-actions';
import { buildChatRequest } from '@/features/ai-chat/engine/request-building';
import { runChat } from '@/features/ai-chat/engine/run-chat';
import { chatProvider } from '@/features/ai-chat/lib/chat-provider';
import {
  startProviderServer,
  type ProviderServer,
} from '../../../../e2e/support/provider-server/server';
import { aiChat } from '../helpers/ai-chat-records';

let server: ProviderServer;
beforeAll(async () => {
  server = await startProviderServer();
});
afterAll(() => server.close());

const chat = aiChat('c1', { summary: '', maxCtxMessages: 2, temperature: 1.5 });

/** Ollama is the active provider; OpenAI is set up too, each at its own tagged base. */
function twoProviders(tag: string): StoredSettings {
  const settings = defaultSettings();
  settings.api.activeProvider = 'Ollama';
  settings.api.providers.Ollama = {
    ...settings.api.providers.Ollama,
    base: server.base(`ollama-text,tag:${tag}-ollama`),
    model: 'gemma3:1b',
  };
  settings.api.providers.OpenAI = {
    ...settings.api.providers.OpenAI,
    base: server.base(`openai-text,tag:${tag}-openai`, '/v1'),
    key: 'sk-openai',
    model: 'gpt-4o-mini',
    modelList: ['gpt-4o', 'gpt-4o-mini'],
  };
  return settings;
}

const replies = (tag: string) =>
  server.requests.filter((r) => r.tag === tag && r.method === 'POST' && r.path !== '/api/show');

describe('each chat goes to its own provider (docs/product.md#model-picker)', () => {
  it("a chat set to OpenAI is sent to OpenAI's base with its key, while Ollama stays the default", async () => {
    const settings = twoProviders('own');
    const picked = { ...chat, provider: 'OpenAI' as const, model: 'gpt-4o' };
    const request = buildChatRequest({ settings, chat: picked, history: [], prompt: 'Hi' });
    expect(request.provider.provider).toBe('OpenAI');
    expect(request.model).toBe('gpt-4o');
    // OpenAI's range takes 1.5; Ollama's (0 to 1) would have sent 1.
    expect(request.temperature).toBe(1.5);
    const result = await runChat(request, {
      chatId: 'c1',
      signal: new AbortController().signal,
      onEvent: () => {},
    });
    expect(result.failure).toBeUndefined();
    const sent = replies('own-openai');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe('/v1/chat/completions');
    expect(sent[0]!.headers.authorization).toBe('Bearer sk-openai');
    expect((sent[0]!.body as { model: string }).model).toBe('gpt-4o');
    expect(replies('own-ollama')).toHaveLength(0);
  });

  it('a chat without a provider uses the active one, with its checks', () => {
    const settings = twoProviders('default');
    const request = buildChatRequest({ settings, chat, history: [], prompt: 'Hi' });
    expect(request.provider.provider).toBe('Ollama');
    expect(request.model).toBe('gemma3:1b');
    expect(request.temperature).toBe(1);
    expect(chatProvider(chat, settings).provider).toBe('Ollama');
  });

  it("the chat's model is checked against the chat's provider, not the active one", () => {
    const settings = twoProviders('checks');
    // gpt-4o is an OpenAI model: kept for a chat on OpenAI, replaced for one on Ollama.
    const onOpenAi = { ...chat, provider: 'OpenAI' as const, model: 'gpt-4o' };
    expect(buildChatRequest({ settings, chat: onOpenAi, history: [], prompt: 'x' }).model).toBe(
      'gpt-4o',
    );
    const onOllama = { ...chat, model: 'gpt-4o' };
    expect(buildChatRequest({ settings, chat: onOllama, history: [], prompt: 'x' }).model).toBe(
      'gemma3:1b',
    );
  });

  it('a new chat has no provider of its own: it follows the active provider', () => {
    const settings = twoProviders('new');
    const made = newChat(settings);
    expect(made.provider).toBeUndefined();
    expect(made.model).toBe('');
    expect(chatProvider(made, settings).provider).toBe('Ollama');
  });
});
