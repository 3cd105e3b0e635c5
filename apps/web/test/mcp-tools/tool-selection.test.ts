import type { McpCallBody, McpTool } from '@confab/protocol/mcp';
import { toolSearchName, toolSearchThreshold } from '@confab/protocol/mcp-tool-selection';
import { describe, expect, it } from 'vitest';
import { createToolRuntime } from '@/features/mcp-tools/lib/tool-runtime';
import { rankTools } from '@/features/mcp-tools/lib/tool-search';
import { echoTool, offer, server, sumTool } from './fixtures';

/** `count` filler tools on a second server, so that the chat is past the search threshold. */
function fillers(count: number): McpTool[] {
  return Array.from({ length: count }, (_, i) => ({
    server: 'more',
    name: `filler-${i}`,
    description: `Filler tool number ${i}`,
    inputSchema: { type: 'object', properties: {} },
  }));
}

function setup(tools: McpTool[]) {
  const calls: McpCallBody[] = [];
  const runtime = createToolRuntime({
    loadOffer: async () =>
      offer(
        [
          server({ approvalPolicy: 'never ask' }),
          server({ key: 'more', name: 'More', approvalPolicy: 'never ask' }),
        ],
        tools,
      ),
    callTool: async (body) => {
      calls.push(body);
      return { content: [{ type: 'text', text: 'ok' }], isError: false, durationMs: 1 };
    },
    askApproval: async () => 'allow',
    now: () => 0,
  });
  return { runtime, calls };
}

const names = (tools: Array<{ function: { name: string } }>) => tools.map((t) => t.function.name);
const chatId = 'chat-1';

describe('a chat’s tool selection', () => {
  it('offers every switched-on tool without a selection', async () => {
    const { runtime } = setup([echoTool, sumTool]);
    expect(names(await runtime.session({}, undefined).list())).toEqual([
      'everything--echo',
      'everything--get-sum',
    ]);
  });

  it('offers only the selected servers and tools, and a switched-off tool not even then', async () => {
    const { runtime, calls } = setup([echoTool, sumTool, ...fillers(3)]);
    const session = runtime.session({ 'more.filler-1': false }, ['everything.echo', 'more']);
    expect(names(await session.list())).toEqual([
      'everything--echo',
      'more--filler-0',
      'more--filler-2',
    ]);
    // A tool the chat did not select is refused like any tool never offered.
    const refused = await session.run({ id: 'c1', name: 'everything--get-sum', args: {} }, chatId);
    expect(refused).toMatchObject({
      outcome: 'error',
      error: 'There is no tool "everything--get-sum"',
    });
    expect(calls).toEqual([]);
  });

  it('offers nothing when the selection is empty', async () => {
    const { runtime } = setup([echoTool, sumTool]);
    expect(await runtime.session({}, []).list()).toEqual([]);
  });
});

describe('the search step past the threshold', () => {
  const many = [echoTool, sumTool, ...fillers(toolSearchThreshold - 1)];

  it('offers up to the threshold in full, past it only the search tool', async () => {
    const atThreshold = setup(many.slice(0, toolSearchThreshold)).runtime.session({}, undefined);
    expect(await atThreshold.list()).toHaveLength(toolSearchThreshold);
    const past = setup(many).runtime.session({}, undefined);
    const offered = await past.list();
    expect(names(offered)).toEqual([toolSearchName]);
    expect(offered[0]!.function.description).toContain(`among ${many.length} tools`);
  });

  it('returns the matching tools with their schemas, then offers and runs them', async () => {
    const { runtime, calls } = setup(many);
    const session = runtime.session({}, undefined);
    await session.list();
    // Not found yet: the model reads the same error as for any unknown tool.
    const early = await session.run({ id: 'c0', name: 'everything--get-sum', args: {} }, chatId);
    expect(early).toMatchObject({
      outcome: 'error',
      error: 'There is no tool "everything--get-sum"',
    });

    const searched = await session.run(
      { id: 'c1', name: toolSearchName, args: '{"query":"sum of numbers"}' },
      chatId,
    );
    expect(searched.outcome).toBe('result');
    expect(JSON.parse(searched.output)).toEqual([
      {
        name: 'everything--get-sum',
        description: 'Returns the sum of two numbers',
        inputSchema: sumTool.inputSchema,
      },
    ]);
    expect(names(await session.list())).toEqual([toolSearchName, 'everything--get-sum']);
    const ran = await session.run(
      { id: 'c2', name: 'everything--get-sum', args: { a: 1, b: 2 } },
      chatId,
    );
    expect(ran.outcome).toBe('result');
    expect(calls).toEqual([{ client: 'everything', name: 'get-sum', args: { a: 1, b: 2 } }]);
    // Found tools stay offered after another search.
    await session.run({ id: 'c3', name: toolSearchName, args: { query: 'echo' } }, chatId);
    expect(names(await session.list())).toEqual([
      toolSearchName,
      'everything--get-sum',
      'everything--echo',
    ]);
  });

  it('tells the model what is wrong with bad search arguments, and when nothing matches', async () => {
    const session = setup(many).runtime.session({}, undefined);
    await session.list();
    const run = (args: unknown) => session.run({ id: 'c', name: toolSearchName, args }, chatId);
    expect(await run({})).toMatchObject({
      outcome: 'error',
      error: 'query must be a non-empty string',
    });
    expect(await run('not json')).toMatchObject({ error: 'The arguments are not valid JSON' });
    expect(await run({ query: 'x'.repeat(501) })).toMatchObject({
      error: 'query must be at most 500 characters',
    });
    expect((await run({ query: 'weather forecast' })).output).toBe(
      'No tool matches "weather forecast". Try other keywords.',
    );
  });

  it('keeps each reply’s found tools to itself', async () => {
    const { runtime } = setup(many);
    const first = runtime.session({}, undefined);
    const second = runtime.session({}, undefined);
    await first.list();
    await second.list();
    await first.run({ id: 'c1', name: toolSearchName, args: { query: 'echo' } }, chatId);
    expect(names(await second.list())).toEqual([toolSearchName]);
  });
});

describe('ranking tools for a query', () => {
  it('puts a match in the name before one in the description, limits to the server and caps', () => {
    const described = { ...echoTool, name: 'say', description: 'Can echo words', server: 'more' };
    const ranked = rankTools(
      [described, echoTool].map((t) => ({
        ...t,
        serverName: t.server,
        approvalPolicy: 'never ask' as const,
      })),
      { query: 'echo' },
    );
    expect(ranked.map((t) => t.name)).toEqual(['echo', 'say']);
    const tools = fillers(20).map((t) => ({
      ...t,
      serverName: 'More',
      approvalPolicy: 'never ask' as const,
    }));
    expect(rankTools(tools, { query: 'filler' })).toHaveLength(8);
    expect(rankTools(tools, { query: 'filler', server: 'everything' })).toEqual([]);
  });
});
