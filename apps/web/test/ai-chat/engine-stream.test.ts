// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runChat, type ChatEvent } from '@/features/ai-chat/engine/run-chat';
import {
  startProviderServer,
  type ProviderServer,
} from '../../../../e2e/support/provider-server/server';
import { chatRequest } from '../helpers/chat-request';

let server: ProviderServer;
beforeAll(async () => {
  server = await startProviderServer();
});
afterAll(() => server.close());

function run(request: Parameters<typeof runChat>[0], signal = new AbortController().signal) {
  const events: ChatEvent[] = [];
  return runChat(request, { chatId: 'c1', signal, onEvent: (e) => events.push(e) }).then(
    (result) => ({ result, events }),
  );
}

describe('streamed replies from the test provider', () => {
  it('DeepSeek: reasoning first, then content, with token counts', async () => {
    const { result, events } = await run(
      chatRequest('DeepSeek', server.base('deepseek-reasoning')),
    );
    expect(result.failure).toBeUndefined();
    expect(result.reasoning.startsWith('Hmm,')).toBe(true);
    expect(result.content).toContain('😊');
    expect(result.inputTokens).toBe(6);
    expect(result.outputTokens).toBe(212);
    const firstContent = events.findIndex((e) => e.type === 'content');
    const lastReasoning = events.findLastIndex((e) => e.type === 'reasoning');
    expect(lastReasoning).toBeLessThan(firstContent);
  });
});

// OpenAI-compatible servers (vLLM, LM Studio, OpenRouter) picked as "OpenAI" stream the
// reasoning beside the content: as `reasoning_content`, or (OpenRouter) as `reasoning`.
describe.each([
  ['reasoning_content', 'compat-reasoning-content'],
  ['reasoning', 'compat-reasoning'],
])('OpenAI provider: deltas carrying `%s`', (_field, scenario) => {
  const answer = 'The word "strawberry" contains three "r"s.';

  it('streams the reasoning as reasoning and the content as content', async () => {
    const { result, events } = await run(
      chatRequest('OpenAI', server.base(scenario), { model: 'qwen3-8b' }),
    );
    expect(result.failure).toBeUndefined();
    const reasoning = events.flatMap((e) => (e.type === 'reasoning' ? [e.text] : [])).join('');
    expect(reasoning.startsWith('We need to count the number of the letter "r"')).toBe(true);
    expect(result.reasoning).toBe(reasoning);
    expect(result.content).toBe(answer);
    expect(events.findLastIndex((e) => e.type === 'reasoning')).toBeLessThan(
      events.findIndex((e) => e.type === 'content'),
    );
  });

  it("stream off: the reply's reasoning and content", async () => {
    const { result } = await run(
      chatRequest('OpenAI', server.base(scenario), { model: 'qwen3-8b', stream: false }),
    );
    expect(result.reasoning.startsWith('We need to count the number of the letter "r"')).toBe(true);
    expect(result.content).toBe(answer);
  });
});

describe('stream edge cases', () => {
  it('joins UTF-8 characters split across network chunks', async () => {
    const { result } = await run(
      chatRequest('DeepSeek', server.base('deepseek-reasoning,split-utf8,chunk:7')),
    );
    expect(result.content).toContain('😊');
    expect(result.content).not.toContain('\uFFFD');
  });

  it('reads events split into 3-byte pieces', async () => {
    const whole = await run(chatRequest('OpenAI', server.base('openai-text'), { model: 'gpt-4o' }));
    const pieces = await run(
      chatRequest('OpenAI', server.base('openai-text,chunk:3'), { model: 'gpt-4o' }),
    );
    expect(pieces.result.content).toBe(whole.result.content);
    expect(whole.result.content.length).toBeGreaterThan(20);
  });

  it('skips comment lines and event: lines', async () => {
    const { result } = await run(
      chatRequest('OpenAI', server.base('openai-text,comments,event-lines'), { model: 'gpt-4o' }),
    );
    expect(result.failure).toBeUndefined();
    expect(result.content.startsWith('The result of')).toBe(true);
  });

  it('completes a stream that ends without [DONE]', async () => {
    const { result } = await run(
      chatRequest('OpenAI', server.base('openai-text,no-done'), { model: 'gpt-4o' }),
    );
    expect(result.failure).toBeUndefined();
    expect(result.content.startsWith('The result of')).toBe(true);
  });

  it('reports an in-stream error object with its message', async () => {
    const { result } = await run(
      chatRequest('OpenAI', server.base('openai-error-in-stream'), { model: 'gpt-4o' }),
    );
    expect(result.failure?.message).toMatch(/^The server had an error processing your request/);
  });

  it('reports an `event: error` after text and keeps the text that arrived', async () => {
    const { result } = await run(
      chatRequest('OpenAI', server.base('groq-event-error'), { model: 'gpt-4o' }),
    );
    expect(result.failure?.message).toBe('Tool choice is required, but model did not call a tool');
    expect(result.content).toBe('maybe');
  });

  it('reports the inline error after processing comments', async () => {
    const { result } = await run(
      chatRequest('OpenAI', server.base('openrouter-inline-error'), { model: 'gpt-4o' }),
    );
    expect(result.failure).toBeDefined();
    expect(result.failure?.message).not.toBe('');
  });

  it('a stream cut in the middle fails with a clear message and keeps what arrived', async () => {
    const { result } = await run(chatRequest('DeepSeek', server.base('deepseek-reasoning,cut:40')));
    expect(result.failure?.message).toBe('The connection was cut before the reply was complete.');
    expect(result.reasoning.length).toBeGreaterThan(10);
  });

  it('stopping mid-stream keeps what arrived and is not an error', async () => {
    const controller = new AbortController();
    const events: ChatEvent[] = [];
    const done = runChat(chatRequest('DeepSeek', server.base('deepseek-reasoning,drip:5')), {
      chatId: 'c1',
      signal: controller.signal,
      onEvent: (e) => {
        events.push(e);
        if (events.filter((x) => x.type === 'reasoning').length === 10) controller.abort();
      },
    });
    const result = await done;
    expect(result.aborted).toBe(true);
    expect(result.failure).toBeUndefined();
    expect(result.reasoning.length).toBeGreaterThan(0);
    expect(result.content).toBe('');
  });

  it('Ollama: NDJSON content with token counts', async () => {
    const { result } = await run(chatRequest('Ollama', server.base('ollama-text')));
    expect(result.content.startsWith('Okay, here we go')).toBe(true);
    expect(result.inputTokens).toBe(16);
    expect(result.outputTokens).toBe(22);
  });

  it('Ollama: thinking arrives as reasoning', async () => {
    const { result } = await run(chatRequest('Ollama', server.base('ollama-thinking')));
    expect(result.reasoning.startsWith('User asks')).toBe(true);
    expect(result.content).toContain('1');
  });

  it('stream off: one JSON reply with reasoning and content', async () => {
    const { result } = await run(
      chatRequest('DeepSeek', server.base('deepseek-reasoning'), { stream: false }),
    );
    expect(result.reasoning.startsWith('Hmm,')).toBe(true);
    expect(result.content).toContain('😊');
    const body = server.requests.at(-1)?.body as { stream?: boolean };
    expect(body.stream ?? false).toBe(false);
  });
});
