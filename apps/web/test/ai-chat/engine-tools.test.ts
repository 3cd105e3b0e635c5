// @vitest-environment node
import type { ToolCallOutcome, ToolCallRequest } from '@confab/protocol/ai-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatTools } from '@/features/ai-chat/lib/chat-tools';
import { splitToolName, toolName } from '@/features/ai-chat/lib/chat-tools';
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

/** Tools held in memory: each name answers with `answer(call)`; calls are recorded. */
function memoryTools(
  names: string[],
  answer: (
    call: ToolCallRequest,
    signal: AbortSignal,
  ) => Promise<ToolCallOutcome> | ToolCallOutcome,
) {
  const calls: ToolCallRequest[] = [];
  const tools: ChatTools = {
    list: async () =>
      names.map((name) => ({
        name,
        description: `${name} `.repeat(400),
        inputSchema: {
          type: 'object',
          properties: {
            location: { type: 'string' },
            a: { type: 'number' },
            b: { type: 'number' },
          },
        },
      })),
    call: async (call, ctx) => {
      calls.push(call);
      return answer(call, ctx.signal);
    },
  };
  return { tools, calls };
}

function run(request: Parameters<typeof runChat>[0], tools: ChatTools, maxToolRounds?: number) {
  const events: ChatEvent[] = [];
  const controller = new AbortController();
  return {
    controller,
    events,
    done: runChat(request, {
      chatId: 'chat-1',
      signal: controller.signal,
      onEvent: (e) => events.push(e),
      tools,
      maxToolRounds,
    }),
  };
}

describe('tool loop', () => {
  it('names are {client}--{toolName}', () => {
    expect(toolName('weather', 'get--now')).toBe('weather--get--now');
    expect(splitToolName('weather--get--now')).toEqual({ client: 'weather', tool: 'get--now' });
    expect(splitToolName('plain')).toBeNull();
  });

  it('OpenAI: call → tool message → re-send → answer', async () => {
    const { tools, calls } = memoryTools(['multiply'], () => ({
      outcome: 'result',
      output: JSON.stringify({ product: 21 }),
    }));
    const tag = `loop-${Date.now()}`;
    const { done, events } = run(
      chatRequest('OpenAI', server.base(`openai-tool-loop,tag:${tag}`), { model: 'gpt-4o' }),
      tools,
    );
    const result = await done;
    expect(result.failure).toBeUndefined();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.name).toBe('multiply');
    expect(result.rounds).toBe(2);
    expect(result.content).toContain('The result of');
    expect(events.some((e) => e.type === 'tool-result')).toBe(true);
    const [first, second] = server.requests.filter((r) => r.tag === tag) as Array<{
      body: {
        tools: Array<{ function: { description: string } }>;
        tool_choice: string;
        messages: Array<Record<string, unknown>>;
      };
    }>;
    expect(first?.body.tool_choice).toBe('auto');
    expect(first?.body.tools[0]?.function.description).toHaveLength(1000);
    const toolMessage = second?.body.messages.find((m) => m.role === 'tool');
    expect(toolMessage).toMatchObject({
      tool_call_id: calls[0]?.id,
      content: JSON.stringify({ product: 21 }),
    });
  });

  it('DeepSeek: the assistant message with tool calls carries reasoning_content', async () => {
    const { tools } = memoryTools(['weather'], () => ({ outcome: 'result', output: 'sunny' }));
    const tag = `ds-${Date.now()}`;
    const { done } = run(
      chatRequest('DeepSeek', server.base(`deepseek-tool-loop,tag:${tag}`), {
        model: 'deepseek-reasoner',
      }),
      tools,
    );
    const result = await done;
    expect(result.failure).toBeUndefined();
    const second = server.requests.filter((r) => r.tag === tag)[1] as {
      body: {
        messages: Array<{ role: string; reasoning_content?: string; tool_calls?: unknown[] }>;
      };
    };
    const assistant = second.body.messages.find((m) => m.role === 'assistant');
    expect(assistant?.tool_calls?.length).toBeGreaterThan(0);
    expect(assistant?.reasoning_content?.length).toBeGreaterThan(10);
  });

  it('Ollama: a tool call with thinking, then the answer', async () => {
    const { tools, calls } = memoryTools(['getWeather'], () => ({
      outcome: 'result',
      output: JSON.stringify({ temperature: '72 °F' }),
    }));
    const { done } = run(chatRequest('Ollama', server.base('ollama-tool-loop')), tools);
    const result = await done;
    expect(result.failure).toBeUndefined();
    expect(calls[0]?.args).toEqual({ location: 'San Francisco, CA' });
    expect(result.reasoning).toContain('User asks about weather');
    expect(result.content.length).toBeGreaterThan(0);
  });

  it('a denied call goes back to the model as denied, and errors as error text', async () => {
    const { tools } = memoryTools(['multiply'], () => ({ outcome: 'denied', output: 'No' }));
    const tag = `deny-${Date.now()}`;
    const { done } = run(
      chatRequest('OpenAI', server.base(`openai-tool-loop,tag:${tag}`), { model: 'gpt-4o' }),
      tools,
    );
    await done;
    const second = server.requests.filter((r) => r.tag === tag)[1] as {
      body: { messages: Array<{ role: string; content: string }> };
    };
    expect(second.body.messages.find((m) => m.role === 'tool')?.content).toContain('No');
  });

  it('a denial reaches Ollama as the tool message content too', async () => {
    const { tools } = memoryTools(['getWeather'], () => ({
      outcome: 'denied',
      output: 'Error: The user denied this tool call',
    }));
    const tag = `deny-ollama-${Date.now()}`;
    const { done } = run(chatRequest('Ollama', server.base(`ollama-tool-loop,tag:${tag}`)), tools);
    await done;
    const second = server.requests.filter((r) => r.tag === tag && r.path === '/api/chat')[1] as {
      body: { messages: Array<{ role: string; content?: string }> };
    };
    expect(second.body.messages.find((m) => m.role === 'tool')?.content).toBe(
      'Error: The user denied this tool call',
    );
  });

  it('a model the catalogue lists without tools is offered none', async () => {
    const { tools, calls } = memoryTools(['multiply'], () => ({ outcome: 'result', output: '1' }));
    const tag = `no-tools-${Date.now()}`;
    const { done } = run(
      chatRequest('DeepSeek', server.base(`deepseek-reasoning,tag:${tag}`), {
        model: 'deepseek-reasoner',
        toolSupport: false,
      }),
      tools,
    );
    await done;
    const [sent] = server.requests.filter((r) => r.tag === tag) as Array<{
      body: { tools?: unknown };
    }>;
    expect(sent?.body.tools).toBeUndefined();
    expect(calls).toHaveLength(0);
  });

  it('stops after the round cap', async () => {
    const { tools, calls } = memoryTools(['multiply'], () => ({ outcome: 'result', output: '1' }));
    // `openai-tool-call` always answers with a tool call.
    const { done, events } = run(
      chatRequest('OpenAI', server.base('openai-tool-call'), { model: 'gpt-4o' }),
      tools,
      3,
    );
    const result = await done;
    expect(calls).toHaveLength(3);
    expect(result.rounds).toBe(4);
    expect(result.toolRoundsCapped).toBe(3);
    expect(events.some((e) => e.type === 'trace' && e.label === 'tool rounds')).toBe(true);
  });

  it('a stop during a tool call ends the loop without another request', async () => {
    const tag = `stop-${Date.now()}`;
    let release!: () => void;
    const started = new Promise<void>((r) => (release = r));
    const { tools } = memoryTools(['multiply'], (_call, signal) => {
      release();
      return new Promise<ToolCallOutcome>((resolve) =>
        signal.addEventListener('abort', () => resolve({ outcome: 'error', output: 'aborted' })),
      );
    });
    const handle = run(
      chatRequest('OpenAI', server.base(`openai-tool-loop,tag:${tag}`), { model: 'gpt-4o' }),
      tools,
    );
    await started;
    handle.controller.abort();
    const result = await handle.done;
    expect(result.aborted).toBe(true);
    expect(server.requests.filter((r) => r.tag === tag)).toHaveLength(1);
    // The call never got an outcome: the card shows it as stopped.
    expect(handle.events.some((e) => e.type === 'tool-result')).toBe(false);
  });

  it('a throwing tool becomes an error outcome, not a failed chat', async () => {
    const { tools } = memoryTools(['multiply'], () => {
      throw new Error('tool host down');
    });
    const { done, events } = run(
      chatRequest('OpenAI', server.base('openai-tool-loop'), { model: 'gpt-4o' }),
      tools,
    );
    const result = await done;
    expect(result.failure).toBeUndefined();
    const outcome = events.find((e) => e.type === 'tool-result');
    expect(outcome).toMatchObject({
      outcome: { outcome: 'error', output: 'tool host down', error: 'tool host down' },
    });
  });

  it('tools that cannot be listed leave the model to answer alone', async () => {
    const tools: ChatTools = {
      list: () => Promise.reject(new Error('HTTP 503')),
      call: () => Promise.reject(new Error('never called')),
    };
    const tag = `nolist-${Date.now()}`;
    const { done, events } = run(
      chatRequest('OpenAI', server.base(`openai-text,tag:${tag}`), { model: 'gpt-4o' }),
      tools,
    );
    const result = await done;
    expect(result.failure).toBeUndefined();
    expect(result.content).toContain('2,869,461');
    expect(events).toContainEqual({
      type: 'trace',
      label: 'tools',
      message: 'No tools offered: HTTP 503',
    });
    const body = server.requests.find((r) => r.tag === tag)?.body as { tools?: unknown };
    expect(body.tools).toBeUndefined();
  });
});
