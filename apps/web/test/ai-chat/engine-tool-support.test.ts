// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ChatTools } from '@/features/ai-chat/lib/chat-tools';
import { forgetModelCapabilities } from '@/features/ai-chat/engine/model-capabilities';
import { runChat, type ChatEvent } from '@/features/ai-chat/engine/run-chat';
import type { ChatRequest } from '@/features/ai-chat/engine/request-building';
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
beforeEach(() => forgetModelCapabilities());

/** One active MCP tool, as the tool settings offer it. */
function oneTool() {
  let listed = 0;
  const tools: ChatTools = {
    list: async () => {
      listed += 1;
      return [
        {
          name: 'weather--now',
          description: 'The weather now',
          inputSchema: { type: 'object', properties: { city: { type: 'string' } } },
        },
      ];
    },
    call: async () => ({ outcome: 'result', output: 'sunny' }),
  };
  return { tools, listed: () => listed };
}

async function send(request: ChatRequest, tools: ChatTools) {
  const events: ChatEvent[] = [];
  const result = await runChat(request, {
    chatId: 'c1',
    signal: new AbortController().signal,
    onEvent: (e) => events.push(e),
    tools,
  });
  return { result, events };
}

function chatBodies(tag: string) {
  return server.requests
    .filter((r) => r.tag === tag && r.path.endsWith('/api/chat'))
    .map((r) => r.body as Record<string, unknown>);
}

function ollama(model: string, scenario: string, extra: Partial<ChatRequest> = {}) {
  const tag = `${model}-${Math.random().toString(36).slice(2)}`;
  return {
    tag,
    request: chatRequest('Ollama', server.base(`${scenario},tag:${tag}`), { model, ...extra }),
  };
}

describe('tools only for models that take them', () => {
  it('an Ollama model whose capabilities lack tools answers without them', async () => {
    const { tools } = oneTool();
    const { tag, request } = ollama('gemma3:latest', 'ollama-text');
    const { result } = await send(request, tools);
    expect(result.failure).toBeUndefined();
    expect(result.content).toContain('Okay');
    const bodies = chatBodies(tag);
    expect(bodies).toHaveLength(1);
    expect(bodies[0]?.tools).toBeUndefined();
  });

  it('an Ollama model that reports tools gets them', async () => {
    const { tools } = oneTool();
    const { tag, request } = ollama('qwen2.5:7b', 'ollama-text');
    await send(request, tools);
    expect(chatBodies(tag)[0]?.tools).toHaveLength(1);
  });

  it('capabilities unknown: a "does not support tools" refusal is retried once without tools, and remembered', async () => {
    const { tools } = oneTool();
    const first = ollama('gemma3', 'ollama-text,no-show');
    const { result, events } = await send(first.request, tools);
    expect(result.failure).toBeUndefined();
    expect(result.content).toContain('Okay');
    const bodies = chatBodies(first.tag);
    expect(bodies.map((b) => Boolean(b.tools))).toEqual([true, false]);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'trace',
        message: expect.stringContaining('does not support tools'),
      }),
    );
    // The inspector lists the refused request and its retry as the same round, the first.
    const rounds = events.flatMap((e) => (e.type === 'request' ? [e.request.round] : []));
    expect(rounds).toEqual([1, 1]);

    // Same server and model: sent without tools at once.
    await send(first.request, tools);
    expect(chatBodies(first.tag).map((b) => Boolean(b.tools))).toEqual([true, false, false]);
  });

  it('a refusal other than tools is not retried', async () => {
    const { tools } = oneTool();
    const { tag, request } = ollama('qwen2.5:7b', 'ollama-text,status:400,message:bad%20request');
    const { result } = await send(request, tools);
    expect(result.failure?.message).toBe('Ollama API error: 400 (bad request)');
    expect(chatBodies(tag)).toHaveLength(1);
  });

  it('a chat with "No tools" offers none, whatever the model takes', async () => {
    const { tools, listed } = oneTool();
    const { tag, request } = ollama('qwen2.5:7b', 'ollama-text', { noTools: true });
    await send(request, tools);
    expect(chatBodies(tag)[0]?.tools).toBeUndefined();
    expect(listed()).toBe(0);
  });

  it('asks Ollama once per server and model', async () => {
    const { tools } = oneTool();
    const { tag, request } = ollama('qwen2.5:7b', 'ollama-text');
    await send(request, tools);
    await send(request, tools);
    expect(server.requests.filter((r) => r.tag === tag && r.path === '/api/show')).toHaveLength(1);
  });
});

describe("Ollama's think", () => {
  it('is on for a model that thinks', async () => {
    const { tag, request } = ollama('gpt-oss:120b', 'ollama-thinking');
    const { result } = await send(request, oneTool().tools);
    expect(result.failure).toBeUndefined();
    expect(result.reasoning).not.toBe('');
    expect(chatBodies(tag)[0]?.think).toBe(true);
  });

  it('is not sent to a model that does not think, nor when its capabilities are unknown', async () => {
    const plain = ollama('qwen2.5:7b', 'ollama-text');
    await send(plain.request, oneTool().tools);
    expect(chatBodies(plain.tag)[0]).not.toHaveProperty('think');
    const unknown = ollama('qwen2.5:7b', 'ollama-text,no-show');
    await send(unknown.request, oneTool().tools);
    expect(chatBodies(unknown.tag)[0]).not.toHaveProperty('think');
  });
});
