// @vitest-environment node
import type { McpCallBody, McpOfferedTool } from '@confab/protocol/mcp';
import { toolSearchName, toolSearchThreshold } from '@confab/protocol/mcp-tool-selection';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatToolsFrom } from '@/app/compositions/chat-tools-adapter';
import { createToolRuntime } from '@/features/mcp-tools/lib/tool-runtime';
import { runChat, type ChatEvent } from '@/features/ai-chat/engine/run-chat';
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

const tool = (server: string, name: string, description: string): McpOfferedTool => ({
  server,
  serverName: server,
  approvalPolicy: 'never ask',
  name,
  description,
  inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } },
});

/** `calc--multiply` among `count` other tools of a second server. */
function setup(count: number) {
  const calls: McpCallBody[] = [];
  const tools = [
    tool('calc', 'multiply', 'Multiplies two numbers'),
    ...Array.from({ length: count }, (_, i) => tool('misc', `misc-${i}`, `Unrelated tool ${i}`)),
  ];
  const runtime = createToolRuntime({
    loadOffer: async () => ({ tools, limits: { callTimeoutMs: 1000, resultMaxBytes: 10_000 } }),
    callTool: async (body) => {
      calls.push(body);
      return { content: [{ type: 'text', text: '2869461' }], isError: false, durationMs: 1 };
    },
    askApproval: async () => 'allow',
  });
  return { runtime, calls };
}

type Sent = { body: { tools?: Array<{ function: { name: string } }> } };
const sentTools = (tag: string) =>
  (provider.requests.filter((r) => r.tag === tag) as Sent[]).map(
    (r) => r.body.tools?.map((t) => t.function.name) ?? [],
  );

describe('a chat’s tools in the engine', () => {
  it('sends the model only the tools the chat selected', async () => {
    const { runtime } = setup(3);
    const tag = `selection-${Date.now()}`;
    const result = await runChat(
      chatRequest('OpenAI', provider.base(`openai-text,tag:${tag}`), {
        model: 'gpt-4o',
        toolSelection: ['calc', 'misc.misc-1'],
      }),
      {
        chatId: 'chat-1',
        signal: new AbortController().signal,
        onEvent: () => undefined,
        tools: chatToolsFrom(runtime, () => ({})),
      },
    );
    expect(result.failure).toBeUndefined();
    expect(sentTools(tag)).toEqual([['calc--multiply', 'misc--misc-1']]);
  });

  it('past the threshold the model searches, then calls the tool it found', async () => {
    const { runtime, calls } = setup(toolSearchThreshold);
    const tag = `search-${Date.now()}`;
    const scenario = [
      'openai-tools',
      `call:${toolSearchName}:${encodeURIComponent('{"query":"multiply numbers"}')}`,
      `then:calc--multiply:${encodeURIComponent('{"a":1231,"b":2331}')}`,
      `tag:${tag}`,
    ].join(',');
    const events: ChatEvent[] = [];
    const result = await runChat(
      chatRequest('OpenAI', provider.base(scenario), { model: 'gpt-4o' }),
      {
        chatId: 'chat-1',
        signal: new AbortController().signal,
        onEvent: (event) => events.push(event),
        tools: chatToolsFrom(runtime, () => ({})),
      },
    );
    expect(result.failure).toBeUndefined();
    expect(sentTools(tag)).toEqual([
      [toolSearchName],
      [toolSearchName, 'calc--multiply'],
      [toolSearchName, 'calc--multiply'],
    ]);
    expect(calls).toEqual([{ client: 'calc', name: 'multiply', args: { a: 1231, b: 2331 } }]);
    const outcomes = events.flatMap((e) => (e.type === 'tool-result' ? [e.outcome.outcome] : []));
    expect(outcomes).toEqual(['result', 'result']);
    expect(result.content).toContain('2869461');
  });
});
