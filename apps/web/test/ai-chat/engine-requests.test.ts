// @vitest-environment node
import type { AiChat, AiChatMessage } from '@confab/protocol/ai-chat';
import { defaultSettings } from '@confab/protocol/ai-settings';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageMediaType, promptContent } from '@/features/ai-chat/engine/prompt-content';
import { buildChatRequest } from '@/features/ai-chat/engine/request-building';
import { runChat } from '@/features/ai-chat/engine/run-chat';
import {
  startProviderServer,
  type ProviderServer,
} from '../../../../e2e/support/provider-server/server';

let server: ProviderServer;
beforeAll(async () => {
  server = await startProviderServer();
});
afterAll(() => server.close());

const chat: AiChat = {
  id: 'c1',
  createdAt: 0,
  updatedAt: 0,
  summary: '',
  model: '',
  systemMessage: 'Be brief.',
  maxCtxMessages: 2,
  temperature: 0.5,
  maxTokens: 300,
  prompt: '',
  input: '',
  stream: true,
  context: '',
};

function message(i: number, extra: Partial<AiChatMessage> = {}): AiChatMessage {
  return {
    id: `m${i}`,
    chatId: 'c1',
    prompt: `question ${i}`,
    reply: `answer ${i}`,
    reasoning: '',
    model: 'gpt-4o',
    provider: 'OpenAI',
    temperature: 1,
    maxTokens: null,
    inputTokens: 0,
    outputTokens: 0,
    memo: '',
    isActive: false,
    citedFiles: [],
    citedChunks: [],
    createdAt: i,
    ...extra,
  };
}

/** Sends through the engine and returns the body the test provider received. */
async function sentBody(
  provider: 'OpenAI' | 'DeepSeek' | 'Ollama',
  model: string,
  overrides: Partial<AiChat> = {},
  history: AiChatMessage[] = [],
  prompt = 'Hello <b>there</b>',
) {
  const tag = `${provider}-${model}-${Math.random().toString(36).slice(2)}`;
  const settings = defaultSettings();
  settings.api.activeProvider = provider;
  settings.api.providers[provider] = {
    ...settings.api.providers[provider],
    base: server.base(
      `${provider === 'Ollama' ? 'ollama-text' : 'openai-text'},tag:${tag}`,
      provider === 'OpenAI' ? '/v1' : '',
    ),
    key: 'sk-test',
    model,
  };
  const request = buildChatRequest({ settings, chat: { ...chat, ...overrides }, history, prompt });
  const result = await runChat(request, {
    chatId: 'c1',
    signal: new AbortController().signal,
    onEvent: () => undefined,
  });
  expect(result.failure).toBeUndefined();
  const sent = server.requests.find((r) => r.tag === tag && r.path !== '/api/show');
  return sent as { body: Record<string, unknown>; headers: Record<string, unknown>; path: string };
}

describe('request building (docs/product.md#provider-calls), as received by the provider', () => {
  it('OpenAI: system role, max_tokens, temperature, stream, Bearer key, /v1/chat/completions', async () => {
    const { body, headers, path } = await sentBody('OpenAI', 'gpt-4o');
    expect(path).toBe('/v1/chat/completions');
    expect(headers.authorization).toBe('Bearer sk-test');
    expect(body).toMatchObject({
      model: 'gpt-4o',
      temperature: 0.5,
      max_tokens: 300,
      stream: true,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: expect.anything() },
      ],
    });
    expect(body.max_completion_tokens).toBeUndefined();
  });

  it.each(['o1', 'o1-mini', 'o3-mini'])(
    '%s: developer role and max_completion_tokens; temperature left at the model default (1)',
    async (model) => {
      const { body } = await sentBody('OpenAI', model);
      const messages = body.messages as Array<{ role: string }>;
      expect(messages[0]).toEqual({ role: 'developer', content: 'Be brief.' });
      expect(body.max_completion_tokens).toBe(300);
      expect(body.max_tokens).toBeUndefined();
      // The o-series accept only the default temperature 1: the AI SDK leaves the field out.
      expect(body.temperature).toBeUndefined();
    },
  );

  it('DeepSeek: {base}/chat/completions with the system role', async () => {
    const { body, path } = await sentBody('DeepSeek', 'deepseek-chat');
    expect(path).toBe('/chat/completions');
    expect(body).toMatchObject({ model: 'deepseek-chat', temperature: 0.5, max_tokens: 300 });
    expect((body.messages as Array<{ role: string }>)[0]?.role).toBe('system');
  });

  it('Ollama: /api/chat without a key, temperature and num_predict in options', async () => {
    const { body, headers, path } = await sentBody('Ollama', 'qwen2.5:7b');
    expect(path).toBe('/api/chat');
    expect(headers.authorization).toBeUndefined();
    expect(body).toMatchObject({
      model: 'qwen2.5:7b',
      options: { temperature: 0.5, num_predict: 300 },
    });
  });

  it("a chat temperature outside the active provider's range is sent within it", async () => {
    // Set to 2 under OpenAI (0 to 2), then the provider changed to Ollama (0 to 1).
    const ollama = await sentBody('Ollama', 'qwen2.5:7b', { temperature: 2 });
    expect(ollama.body).toMatchObject({ options: { temperature: 1 } });
    const openai = await sentBody('OpenAI', 'gpt-4o', { temperature: 2 });
    expect(openai.body.temperature).toBe(2);
  });

  it('prior context is limited to maxCtxMessages completed replies', async () => {
    const history = [message(1), message(2), message(3, { error: 'boom', reply: '' }), message(4)];
    const { body } = await sentBody('OpenAI', 'gpt-4o', {}, history);
    const texts = (body.messages as Array<{ role: string; content: unknown }>).map((m) =>
      typeof m.content === 'string' ? m.content : JSON.stringify(m.content),
    );
    expect(texts.slice(1, 5)).toEqual(['question 2', 'answer 2', 'question 4', 'answer 4']);
    const none = await sentBody('OpenAI', 'gpt-4o', { maxCtxMessages: 0 }, history);
    expect((none.body.messages as unknown[]).length).toBe(2);
  });

  it('no max tokens sends none; the model mapping renames the model', async () => {
    const { body } = await sentBody('DeepSeek', 'deepseek-chat', { maxTokens: null });
    expect(body.max_tokens).toBeUndefined();
  });

  it('strips HTML for non-vision models', async () => {
    const { body } = await sentBody('DeepSeek', 'deepseek-chat');
    const user = (body.messages as Array<{ role: string; content: unknown }>).at(-1);
    expect(user?.content).toBe('Hello there');
  });

  it('sends image parts for vision models', async () => {
    const { body } = await sentBody(
      'OpenAI',
      'gpt-4o',
      {},
      [],
      'Look <img src="https://example.com/cat.png"> and <img src="data:image/webp;base64,AAAA">',
    );
    const user = (body.messages as Array<{ content: Array<Record<string, unknown>> }>).at(-1);
    expect(user?.content).toEqual([
      { type: 'text', text: 'Look' },
      { type: 'image_url', image_url: { url: 'https://example.com/cat.png' } },
      { type: 'text', text: 'and' },
      { type: 'image_url', image_url: { url: 'data:image/webp;base64,AAAA' } },
    ]);
  });
});

describe('prompt content', () => {
  it.each([
    ['data:image/png;base64,AAA', 'image/png'],
    ['https://x.test/a.JPG', 'image/jpeg'],
    ['https://x.test/a.gif?x=1', 'image/gif'],
    ['https://x.test/a.heic', 'image/heic'],
    ['https://x.test/a.webp', 'image/webp'],
    ['https://x.test/a.bmp', 'image/bmp'],
    ['https://x.test/a', 'image/jpeg'],
  ])('%s is %s', (src, type) => expect(imageMediaType(src)).toBe(type));

  it('text only when a vision model gets no image', () => {
    expect(promptContent('<p>hi</p>', { enabled: true, allowBase64: true, allowUrl: true })).toBe(
      'hi',
    );
  });
});

describe('top P and presence penalty', () => {
  it('OpenAI: top_p and presence_penalty', async () => {
    const { body } = await sentBody('OpenAI', 'gpt-4o', { topP: 0.8, presencePenalty: 0.5 });
    expect(body).toMatchObject({ top_p: 0.8, presence_penalty: 0.5 });
  });

  it('DeepSeek: top_p; presence_penalty is left out, as its provider does (deprecated by DeepSeek)', async () => {
    const { body } = await sentBody('DeepSeek', 'deepseek-chat', {
      topP: 0.8,
      presencePenalty: 0.5,
    });
    expect(body).toMatchObject({ top_p: 0.8 });
    expect(body).not.toHaveProperty('presence_penalty');
  });

  it('Ollama: top_p and presence_penalty in options', async () => {
    const { body } = await sentBody('Ollama', 'qwen2.5:7b', { topP: 0.8, presencePenalty: -1 });
    expect(body.options).toMatchObject({ top_p: 0.8, presence_penalty: -1 });
  });

  it('the defaults are not sent', async () => {
    const { body } = await sentBody('OpenAI', 'gpt-4o', { topP: 1, presencePenalty: 0 });
    expect(body).not.toHaveProperty('top_p');
    expect(body).not.toHaveProperty('presence_penalty');
    const ollama = await sentBody('Ollama', 'qwen2.5:7b');
    expect(ollama.body.options).not.toHaveProperty('top_p');
    expect(ollama.body.options).not.toHaveProperty('presence_penalty');
  });
});

describe('tools and the model catalogue', () => {
  it.each([
    ['OpenAI', 'gpt-4o', true],
    ['OpenAI', 'o1-mini', false],
    ['DeepSeek', 'deepseek-chat', true],
    ['DeepSeek', 'deepseek-reasoner', false],
    // Not in the catalogue: offered, the model may take them.
    ['Ollama', 'qwen2.5:7b', true],
  ] as const)('%s %s takes tools: %s', (provider, model, expected) => {
    const settings = defaultSettings();
    settings.api.activeProvider = provider;
    settings.api.providers[provider] = { ...settings.api.providers[provider], model };
    const request = buildChatRequest({ settings, chat, history: [], prompt: 'Hi' });
    expect(request.toolSupport).toBe(expected);
  });
});
