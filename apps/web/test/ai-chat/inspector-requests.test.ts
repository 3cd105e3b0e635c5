// @vitest-environment node
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatTools } from '@/features/ai-chat/lib/chat-tools';
import { runChat, type ChatEvent, type RequestRecord } from '@/features/ai-chat/engine/run-chat';
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

async function requestsOf(request: Parameters<typeof runChat>[0], tools?: ChatTools) {
  const events: ChatEvent[] = [];
  await runChat(request, {
    chatId: 'c1',
    signal: new AbortController().signal,
    onEvent: (e) => events.push(e),
    tools,
  });
  return events.flatMap((e) => (e.type === 'request' ? [e.request] : []));
}

const multiply: ChatTools = {
  list: async () => [
    { name: 'multiply', description: 'Multiplies', inputSchema: { type: 'object' } },
  ],
  call: async () => ({ outcome: 'result', output: '21' }),
};

describe('the inspector’s record of each request (docs/product.md#ai-chat)', () => {
  it('a failed request is recorded with the body sent, its status and the provider’s error', async () => {
    const requests = await requestsOf(
      chatRequest('DeepSeek', server.base('x,status:401,message:Authentication%20Fails')),
    );
    expect(requests).toHaveLength(1);
    const [failed] = requests as [RequestRecord];
    expect(failed.ok).toBe(false);
    expect(failed.status).toBe(401);
    expect(failed.error).toBe('Authentication Fails');
    expect(failed.body).toContain('"model": "deepseek-chat"');
    expect(failed.text).toBe('');
  });

  it('a request the provider cannot be reached for is recorded as failed', async () => {
    const requests = await requestsOf(chatRequest('OpenAI', 'http://127.0.0.1:1/v1'));
    expect(requests).toHaveLength(1);
    expect(requests[0]?.ok).toBe(false);
    expect(requests[0]?.error).toMatch(/Cannot reach/);
  });

  it('each request of a tool loop is recorded with its reply: text, reasoning, tool calls', async () => {
    const requests = await requestsOf(
      chatRequest('DeepSeek', server.base('deepseek-tool-loop')),
      multiply,
    );
    expect(requests).toHaveLength(2);
    const [first, second] = requests as [RequestRecord, RequestRecord];
    expect(first).toMatchObject({ round: 1, ok: true, status: 200 });
    expect(first.toolCalls.length).toBeGreaterThan(0);
    expect(first.reasoning).not.toBe('');
    expect(second.round).toBe(2);
    expect(second.body).toContain('"role": "tool"');
    expect(second.text).not.toBe('');
    expect(second.inputTokens).toBeGreaterThan(0);
  });

  it('a reply that is not streamed is recorded too', async () => {
    const requests = await requestsOf(
      chatRequest('Ollama', server.base('ollama-text'), { stream: false }),
    );
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ ok: true, status: 200 });
    expect(requests[0]?.text).toContain('1, 2, 3, 4, 5');
  });
});
