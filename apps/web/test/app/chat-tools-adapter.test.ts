// @vitest-environment node
import type { McpApprovalPolicy, McpCallBody } from '@confab/protocol/mcp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatToolsFrom } from '@/app/compositions/chat-tools-adapter';
import { createToolRuntime } from '@/features/mcp-tools/lib/tool-runtime';
import { runChat } from '@/features/ai-chat/engine/run-chat';
import type { ChatTools } from '@/features/ai-chat/lib/chat-tools';
import {
  startProviderServer,
  type ProviderServer,
} from '../../../../e2e/support/provider-server/server';
import { chatRequest } from '../helpers/chat-request';

let provider: ProviderServer;
beforeAll(async () => {
  provider = await startProviderServer();
});
afterAll(() => provider.close());

/** The MCP runtime with the tool host in memory: `calc--multiply` answers with a product. */
function runtime(policy: McpApprovalPolicy, decision: 'deny' | 'allow' = 'allow') {
  const calls: McpCallBody[] = [];
  const asked: string[] = [];
  const tools = createToolRuntime({
    loadOffer: async () => ({
      tools: [
        {
          server: 'calc',
          serverName: 'calc',
          approvalPolicy: policy,
          name: 'multiply',
          description: 'Multiplies two numbers',
          inputSchema: {
            type: 'object',
            properties: { a: { type: 'number' }, b: { type: 'number' } },
          },
        },
      ],
      limits: { callTimeoutMs: 1000, resultMaxBytes: 10_000 },
    }),
    callTool: async (body) => {
      calls.push(body);
      return { content: [{ type: 'text', text: '2869461' }], isError: false, durationMs: 1 };
    },
    askApproval: async (request) => {
      asked.push(`${request.server}--${request.tool}`);
      return decision;
    },
  });
  return { tools, calls, asked };
}

/** The recorded model calls `multiply`; the tool host's name for it is `calc--multiply`. */
function renamed(chatTools: ChatTools): ChatTools {
  return {
    list: () => chatTools.list(),
    call: (call, ctx) => chatTools.call({ ...call, name: `calc--${call.name}` }, ctx),
  };
}

describe('the MCP tools in the AI chat engine', () => {
  it('offers the switched-on tools and feeds the call result back to the model', async () => {
    const { tools, calls } = runtime('never ask');
    const tag = `mcp-${Date.now()}`;
    const result = await runChat(
      chatRequest('OpenAI', provider.base(`openai-tool-loop,tag:${tag}`), { model: 'gpt-4o' }),
      {
        chatId: 'chat-1',
        signal: new AbortController().signal,
        onEvent: () => undefined,
        tools: renamed(chatToolsFrom(tools, () => ({}))),
      },
    );
    expect(result.failure).toBeUndefined();
    expect(calls).toEqual([{ client: 'calc', name: 'multiply', args: { a: 1231, b: 2331 } }]);
    const [first, second] = provider.requests.filter((r) => r.tag === tag) as Array<{
      body: {
        tools?: Array<{ function: { name: string } }>;
        messages: Array<{ role: string; content: unknown }>;
      };
    }>;
    expect(first?.body.tools?.map((t) => t.function.name)).toEqual(['calc--multiply']);
    expect(second?.body.messages.find((m) => m.role === 'tool')?.content).toBe('2869461');
  });

  it("hands the tool's own reply and the duration to the card", async () => {
    const { tools } = runtime('never ask');
    const chatTools = chatToolsFrom(tools, () => ({}));
    await chatTools.list();
    const outcome = await chatTools.call(
      { id: 'c1', name: 'calc--multiply', args: { a: 1, b: 2 } },
      { chatId: 'chat-1', signal: new AbortController().signal },
    );
    expect(outcome).toEqual({
      outcome: 'result',
      output: '2869461',
      result: { content: [{ type: 'text', text: '2869461' }], isError: false, durationMs: 1 },
      durationMs: expect.any(Number),
    });
  });

  it('a tool switched off in toolStates is not offered', async () => {
    const { tools } = runtime('never ask');
    const listed = await chatToolsFrom(tools, () => ({ 'calc.multiply': false })).list();
    expect(listed).toEqual([]);
  });

  it('a denied call reaches the engine as denied', async () => {
    const { tools, asked } = runtime('always ask', 'deny');
    const chatTools = chatToolsFrom(tools, () => ({}));
    await chatTools.list();
    const outcome = await chatTools.call(
      { id: 'c1', name: 'calc--multiply', args: '{"a":1,"b":2}' },
      { chatId: 'chat-1', signal: new AbortController().signal },
    );
    expect(asked).toEqual(['calc--multiply']);
    // The model reads the denial as the tool's error; the card says why, and how long it took.
    expect(outcome).toEqual({
      outcome: 'denied',
      output: 'Error: The user denied this tool call',
      error: 'The user denied this tool call',
      durationMs: expect.any(Number),
    });
  });
});
