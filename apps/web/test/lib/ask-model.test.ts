import 'fake-indexeddb/auto';
import { defaultSettings } from '@confab/protocol/ai-settings';
import type { ProviderName } from '@confab/protocol/providers';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { askModelBridge } from '@/features/ai-chat/actions/ask-model';
import type { AiAskOptions } from '@/lib/ai-bridge/ai-bridge';
import { declareAccount } from '@/lib/account-storage/account-storage';
import { resetSettingsForTests, saveSettings } from '@/lib/stored-settings/settings-store';
import {
  startProviderServer,
  type ProviderServer,
} from '../../../../e2e/support/provider-server/server';

// The user's own model as other features ask it (lib/ai-bridge), against the recorded streams.
let server: ProviderServer;
beforeAll(async () => {
  server = await startProviderServer();
});
afterAll(() => server.close());

beforeEach(() => {
  declareAccount('u-1');
  resetSettingsForTests();
});

async function useProvider(name: ProviderName, base: string, model: string, key = 'sk-test') {
  const settings = defaultSettings();
  settings.api.activeProvider = name;
  settings.api.providers[name] = { ...settings.api.providers[name], base, model, key };
  await saveSettings(settings);
}

function ask(options: Partial<AiAskOptions> = {}) {
  const deltas: { type: 'content' | 'reasoning'; text: string }[] = [];
  return askModelBridge
    .ask({
      system: 'Explain the message.',
      messages: [{ role: 'user', content: 'Hello' }],
      signal: new AbortController().signal,
      onDelta: (delta) => deltas.push(delta),
      ...options,
    })
    .then((result) => ({ result, deltas }));
}

describe('askModelBridge.ask', () => {
  it('OpenAI-compatible SSE: the text streams in, with tokens, model and no tools', async () => {
    await useProvider('OpenAI', server.base('openai-text,tag:sse', '/v1'), 'gpt-4o-mini');
    const { result, deltas } = await ask();
    expect(result.failure).toBeUndefined();
    expect(result.content.length).toBeGreaterThan(0);
    expect(deltas.map((d) => d.text).join('')).toBe(result.content);
    expect(result.model).toBe('gpt-4o-mini');
    expect(result.provider).toBe('OpenAI');
    expect(result.inputTokens).toBeGreaterThan(0);
    expect(result.outputTokens).toBeGreaterThan(0);
    // No prices for gpt-4o-mini in the catalogue: no cost rather than a made-up one.
    expect(result.cost).toBeNull();
    const request = server.requests.find((r) => r.tag === 'sse');
    const body = request?.body as { tools?: unknown; messages: { role: string }[] };
    expect(body.tools).toBeUndefined();
    expect(body.messages.map((m) => m.role)).toEqual(['system', 'user']);
  });

  it('Ollama NDJSON: the text and its token counts', async () => {
    await useProvider('Ollama', server.base('ollama-text'), 'gemma3:1b', '');
    const { result } = await ask();
    expect(result.failure).toBeUndefined();
    expect(result.content).toContain('Okay, here we go!');
    expect(result.inputTokens).toBe(16);
    expect(result.outputTokens).toBe(22);
  });

  it('DeepSeek: reasoning apart from the answer, and the cost from the catalogue', async () => {
    await useProvider('DeepSeek', server.base('deepseek-reasoning'), 'deepseek-reasoner');
    const { result, deltas } = await ask();
    expect(result.failure).toBeUndefined();
    expect(result.reasoning.startsWith('Hmm,')).toBe(true);
    expect(result.content).toContain('😊');
    expect(deltas.findLastIndex((d) => d.type === 'reasoning')).toBeLessThan(
      deltas.findIndex((d) => d.type === 'content'),
    );
    expect(result.inputTokens).toBe(6);
    expect(result.outputTokens).toBe(212);
    // 6 in at 0.003 and 212 out at 0.016 per 1000 tokens, in DeepSeek's currency.
    expect(result.cost?.currency).toBe('CNY');
    expect(result.cost?.amount).toBeCloseTo((6 / 1000) * 0.003 + (212 / 1000) * 0.016, 10);
  });

  it("an error in the stream is the result's failure, in the provider's words", async () => {
    await useProvider('OpenAI', server.base('openai-error-in-stream', '/v1'), 'gpt-4o-mini');
    const { result } = await ask();
    expect(result.aborted).toBe(false);
    expect(result.failure).toMatch(/\S/);
    expect(result.failure).not.toMatch(/undefined|\[object/);
  });

  it('an HTTP error gives the provider message', async () => {
    await useProvider(
      'OpenAI',
      server.base('openai-text,status:401,message:Incorrect API key provided', '/v1'),
      'gpt-4o-mini',
    );
    const { result } = await ask();
    expect(result.failure).toContain('Incorrect API key provided');
  });

  it('abort ends the request and keeps what arrived', async () => {
    await useProvider('OpenAI', server.base('openai-text,hold:3,tag:abort', '/v1'), 'gpt-4o-mini');
    const controller = new AbortController();
    let seen = '';
    // The stream waits after 3 events (never released): the first text, then Stop.
    const { result } = await ask({
      signal: controller.signal,
      onDelta: (delta) => {
        seen += delta.text;
        if (seen) controller.abort();
      },
    });
    expect(result.aborted).toBe(true);
    expect(result.failure).toBeUndefined();
    expect(seen.length).toBeGreaterThan(0);
    expect(result.content).toBe(seen);
  });

  it('a provider not set up: nothing is sent, and what is missing is said', async () => {
    const before = server.requests.length;
    await useProvider('OpenAI', 'https://api.openai.com/v1', 'gpt-4o', '');
    const state = await askModelBridge.modelState();
    expect(state).toEqual({ ready: false, provider: 'OpenAI', missing: ['key'] });
    const { result } = await ask();
    expect(result.failure).toContain('key');
    expect(result.content).toBe('');
    expect(server.requests.length).toBe(before);
  });

  it('a ready provider is named with its model', async () => {
    await useProvider('Ollama', server.base('ollama-text'), 'gemma3:1b', '');
    expect(await askModelBridge.modelState()).toEqual({
      ready: true,
      model: 'gemma3:1b',
      provider: 'Ollama',
    });
  });
});
