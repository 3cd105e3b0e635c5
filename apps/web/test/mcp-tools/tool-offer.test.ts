import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { mcpQueryKeys } from '@/features/mcp-tools/api/query-keys';
import { createBrowserToolRuntime } from '@/features/mcp-tools/hooks/use-tool-runtime';
import { fakeServer, json } from '../helpers/fake-server';
import { config, echoTool, server } from './fixtures';

/** The server's answers: the offer route and the two older ones it replaces for the chat. */
function mcpServer() {
  return fakeServer({
    routes: {
      'GET /api/mcp/offer': () =>
        json({
          tools: [{ ...echoTool, serverName: 'Everything', approvalPolicy: 'never ask' }],
          limits: { callTimeoutMs: 60_000, resultMaxBytes: 1_048_576 },
        }),
      'GET /api/mcp/getConfig': () => json(config([server({ approvalPolicy: 'never ask' })])),
      'GET /api/mcp/tools': () => json({ tools: [echoTool] }),
    },
  });
}

const mcpRequests = (fake: ReturnType<typeof fakeServer>) =>
  fake.requests.filter((request) => request.path.startsWith('/api/mcp/'));

describe('the tools offered with a prompt', () => {
  it('come from one request, cached until the MCP servers change', async () => {
    const fake = mcpServer();
    const queryClient = new QueryClient();
    const runtime = createBrowserToolRuntime(queryClient);

    const offered = await runtime.offer({});
    expect(offered.map((tool) => tool.function.name)).toEqual(['everything--echo']);
    expect(mcpRequests(fake)).toMatchObject([
      { method: 'GET', path: '/api/mcp/offer', body: undefined },
    ]);

    // The next prompt reads the cache; a change of the servers (any MCP mutation invalidates
    // the `mcp` keys) makes the next prompt ask again.
    await runtime.offer({});
    expect(mcpRequests(fake)).toHaveLength(1);
    await queryClient.invalidateQueries({ queryKey: mcpQueryKeys.all });
    await runtime.offer({});
    expect(mcpRequests(fake)).toHaveLength(2);
  });
});
