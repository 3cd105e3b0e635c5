// npm run bench:mcp:context — the tool definitions a chat request carries, with two MCP servers
// active (two instances of the reference server, keys `first` and `second`, from the operator's
// DATA_DIR/mcp.json). The built server gives the real offer (GET /api/mcp/offer); the web app's
// own tool runtime and chat engine send one request per case to the test provider, and the
// `tools` array of the body it received is measured:
//  - before: every switched-on tool (the offer as the app sent it before chats chose tools);
//  - a chat's selection of a few tools;
//  - the search step (the chat offers all, more than the threshold): the search tool alone, and
//    the next request of the reply after a search found some tools.
// Tokens are estimated as the app estimates them elsewhere: one per four characters of the JSON.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultProviderSettings } from '@confab/protocol/ai-settings';
import { mcpOfferReplySchema, type McpOfferReply } from '@confab/protocol/mcp';
import { toolSearchName, toolSearchThreshold } from '@confab/protocol/mcp-tool-selection';
import { chatToolsFrom } from '@/app/compositions/chat-tools-adapter';
import { runChat } from '@/features/ai-chat/engine/run-chat';
import type { ChatRequest } from '@/features/ai-chat/engine/request-building';
import { estimateTokens } from '@/features/ai-chat/lib/attachment-rules';
import { createToolRuntime } from '@/features/mcp-tools/lib/tool-runtime';
import { startConfab, stop } from '../../apps/server/bench/lib/servers';
import { startProviderServer, type ProviderServer } from '../support/provider-server/server';

const everything = createRequire(import.meta.url).resolve(
  '@modelcontextprotocol/server-everything/dist/index.js',
);
const stdio = { command: process.execPath, args: [everything, 'stdio'] };
/** What a chat about numbers and text would pick. */
const selection = ['first.echo', 'first.get-sum', 'second.get-sum'];

async function signedInOffer(url: string): Promise<McpOfferReply> {
  const stamp = Date.now();
  const registered = await fetch(`${url}/api/_auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: `bench_${stamp}`,
      email: `bench_${stamp}@example.com`,
      password: 'bench password 1',
    }),
  });
  const cookie = registered.headers.get('set-cookie')?.split(';')[0];
  if (registered.status !== 201 || !cookie) throw new Error(`register: ${registered.status}`);
  const offer = await fetch(`${url}/api/mcp/offer`, { headers: { cookie } });
  if (!offer.ok) throw new Error(`offer: ${offer.status} ${await offer.text()}`);
  return mcpOfferReplySchema.parse(await offer.json());
}

function request(
  provider: ProviderServer,
  scenario: string,
  toolSelection?: string[],
): ChatRequest {
  return {
    provider: {
      ...defaultProviderSettings('OpenAI'),
      base: provider.base(scenario),
      key: 'sk-bench',
      model: 'gpt-4o',
    },
    model: 'gpt-4o',
    label: 'gpt-4o',
    system: '',
    messages: [{ role: 'user', content: 'Add 2 and 3.' }],
    temperature: 1,
    maxTokens: null,
    stream: true,
    toolSupport: true,
    noTools: false,
    ...(toolSelection ? { toolSelection } : {}),
    htmlStripped: false,
  };
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'confab-bench-mcp-context-'));
  writeFileSync(
    join(dataDir, 'mcp.json'),
    JSON.stringify({ mcpServers: { first: stdio, second: stdio } }),
  );
  const confab = await startConfab(dataDir);
  const provider = await startProviderServer();
  try {
    const offer = await signedInOffer(confab.url);
    const runtime = createToolRuntime({
      loadOffer: async () => offer,
      callTool: async () => {
        throw new Error('the bench calls no tool');
      },
      askApproval: async () => 'deny',
    });
    const chatTools = chatToolsFrom(runtime, () => ({}));

    /** The `tools` of each request the provider received for one reply. */
    async function sent(
      label: string,
      scenario: string,
      tools: Parameters<typeof runChat>[1]['tools'],
      toolSelection?: string[],
    ) {
      const tag = `${label}-${Date.now()}`;
      const result = await runChat(request(provider, `${scenario},tag:${tag}`, toolSelection), {
        chatId: 'bench',
        signal: new AbortController().signal,
        onEvent: () => undefined,
        tools,
      });
      if (result.failure) throw new Error(`${label}: ${result.failure.message}`);
      return provider.requests
        .filter((r) => r.tag === tag)
        .map((r) => (r.body as { tools?: Array<{ function: { name: string } }> }).tools ?? []);
    }

    const search = encodeURIComponent('{"query":"sum numbers"}');
    const rows: Array<[string, Array<{ function: { name: string } }>]> = [
      // Without openReply the adapter offers what the app offered before: every tool.
      [
        'before: all tools',
        (
          await sent('all', 'openai-text', {
            list: () => chatTools.list(),
            call: (c, ctx) => chatTools.call(c, ctx),
          })
        )[0]!,
      ],
      [
        `after: chat selection (${selection.join(', ')})`,
        (await sent('selection', 'openai-text', chatTools, selection))[0]!,
      ],
    ];
    const searched = await sent(
      'search',
      `openai-tools,call:${toolSearchName}:${search}`,
      chatTools,
    );
    rows.push(['after: search step, first request', searched[0]!]);
    rows.push(['after: search step, after "sum numbers"', searched[1]!]);

    console.log(
      `Two servers active (first, second): ${offer.tools.length} tools; search threshold ${toolSearchThreshold}.`,
    );
    console.log(
      'case'.padEnd(66),
      'tools'.padStart(5),
      'JSON bytes'.padStart(11),
      '~tokens (chars/4)'.padStart(18),
    );
    for (const [label, tools] of rows) {
      const json = JSON.stringify(tools);
      console.log(
        label.padEnd(66),
        String(tools.length).padStart(5),
        String(Buffer.byteLength(json)).padStart(11),
        String(estimateTokens(json)).padStart(18),
      );
    }
  } finally {
    await provider.close();
    await stop(confab.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
