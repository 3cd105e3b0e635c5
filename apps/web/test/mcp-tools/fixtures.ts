import type { McpConfigReply, McpOfferReply, McpServer, McpTool } from '@confab/protocol/mcp';

/** Server and tool shapes as the server sends them (see the server suite for the real thing). */
export function server(overrides: Partial<McpServer> = {}): McpServer {
  return {
    key: 'everything',
    name: 'Everything',
    description: 'The reference server',
    source: 'file',
    transportType: 'stdio',
    transport: null,
    approvalPolicy: 'always ask',
    active: true,
    status: 'connected',
    error: null,
    toolCount: 2,
    ...overrides,
  };
}

export const echoTool: McpTool = {
  server: 'everything',
  name: 'echo',
  title: 'Echo Tool',
  description: 'Echoes back the input string',
  inputSchema: {
    type: 'object',
    properties: { message: { type: 'string' } },
    required: ['message'],
  },
};

export const sumTool: McpTool = {
  server: 'everything',
  name: 'get-sum',
  description: 'Returns the sum of two numbers',
  inputSchema: { type: 'object', properties: { a: { type: 'number' }, b: { type: 'number' } } },
};

export function config(servers: McpServer[], extra: Partial<McpConfigReply> = {}): McpConfigReply {
  return {
    servers,
    file: { path: null, found: true, problems: [] },
    limits: { callTimeoutMs: 60_000, resultMaxBytes: 1_048_576 },
    ...extra,
  };
}

/** `GET /api/mcp/offer` as the server builds it: the tools of the active servers, with policies. */
export function offer(servers: McpServer[], tools: McpTool[]): McpOfferReply {
  const byKey = new Map(servers.map((s) => [s.key, s]));
  return {
    tools: tools.flatMap((tool) => {
      const owner = byKey.get(tool.server);
      return owner?.active
        ? [{ ...tool, serverName: owner.name, approvalPolicy: owner.approvalPolicy }]
        : [];
    }),
    limits: config([]).limits,
  };
}
