import { describe, expect, it } from 'vitest';
import {
  definitionsFromPutConfig,
  mcpPutConfigBodySchema,
  parseMcpConfigFile,
  toMcpConfigEntry,
} from '../src/mcp-config-file';
import { stdioRefusal } from '../src/mcp';

describe('the operator file (mcp.json)', () => {
  it('reads stdio and remote servers in the common format', () => {
    const parsed = parseMcpConfigFile({
      mcpServers: {
        everything: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-everything'] },
        remote: { url: 'https://tools.example.com/mcp', headers: { Authorization: 'Bearer x' } },
        legacy: { type: 'sse', url: 'http://127.0.0.1:3001/sse', disabled: true },
        claude_style: { type: 'http', url: 'https://example.com/mcp' },
        named: {
          command: 'node',
          env: { TOKEN: 'y' },
          name: 'Named one',
          description: 'Does things',
          approvalPolicy: 'never ask',
        },
      },
    });
    expect(parsed.problems).toEqual([]);
    expect(parsed.servers).toEqual([
      {
        key: 'everything',
        name: 'everything',
        description: '',
        transport: {
          type: 'stdio',
          command: 'npx',
          args: ['-y', '@modelcontextprotocol/server-everything'],
          env: {},
        },
        approvalPolicy: 'always ask',
        active: true,
      },
      {
        key: 'remote',
        name: 'remote',
        description: '',
        transport: {
          type: 'streamable-http',
          url: 'https://tools.example.com/mcp',
          headers: { Authorization: 'Bearer x' },
        },
        approvalPolicy: 'always ask',
        active: true,
      },
      {
        key: 'legacy',
        name: 'legacy',
        description: '',
        transport: { type: 'sse', url: 'http://127.0.0.1:3001/sse', headers: {} },
        approvalPolicy: 'always ask',
        active: false,
      },
      expect.objectContaining({
        key: 'claude_style',
        transport: { type: 'streamable-http', url: 'https://example.com/mcp', headers: {} },
      }),
      {
        key: 'named',
        name: 'Named one',
        description: 'Does things',
        transport: { type: 'stdio', command: 'node', args: [], env: { TOKEN: 'y' } },
        approvalPolicy: 'never ask',
        active: true,
      },
    ]);
  });

  it('leaves out wrong entries, says why, and keeps the others', () => {
    const parsed = parseMcpConfigFile({
      mcpServers: {
        good: { command: 'node' },
        'bad--key': { command: 'node' },
        'has space': { command: 'node' },
        nothing: {},
        notObject: 'node',
        badUrl: { url: 'ftp://example.com' },
        badArgs: { command: 'node', args: 'x' },
        badPolicy: { url: 'https://example.com', approvalPolicy: 'sometimes' },
      },
    });
    expect(parsed.servers.map((s) => s.key)).toEqual(['good']);
    expect(parsed.problems).toEqual([
      expect.stringMatching(/^"bad--key": Server key may contain/),
      expect.stringMatching(/^"has space": Server key may contain/),
      '"nothing": needs a "command" (stdio) or a "url" (streamable-http, sse)',
      '"notObject": must be an object',
      '"badUrl": url: Enter an http:// or https:// URL',
      '"badArgs": args: args must be an array of strings',
      expect.stringMatching(/^"badPolicy": approvalPolicy: Approval policy must be one of/),
    ]);
  });

  it('explains a file that is not in the format at all', () => {
    for (const json of [null, [], 'x', {}, { mcpServers: [] }]) {
      expect(parseMcpConfigFile(json)).toEqual({
        servers: [],
        problems: ['The file must be a JSON object with an "mcpServers" object'],
      });
    }
  });
});

describe('putConfig bodies', () => {
  it('accepts remote servers and turns them into definitions', () => {
    const body = mcpPutConfigBodySchema.parse({
      mcpServers: {
        a: { url: 'http://127.0.0.1:9/mcp' },
        b: { type: 'sse', url: 'https://example.com/sse', disabled: true, name: 'B' },
      },
    });
    expect(definitionsFromPutConfig(body)).toEqual([
      {
        key: 'a',
        name: 'a',
        description: '',
        transport: { type: 'streamable-http', url: 'http://127.0.0.1:9/mcp', headers: {} },
        approvalPolicy: 'always ask',
        active: true,
      },
      {
        key: 'b',
        name: 'B',
        description: '',
        transport: { type: 'sse', url: 'https://example.com/sse', headers: {} },
        approvalPolicy: 'always ask',
        active: false,
      },
    ]);
  });

  it('refuses a stdio server with the reason', () => {
    const result = mcpPutConfigBodySchema.safeParse({
      mcpServers: { local: { command: 'rm', args: ['-rf', '/'] } },
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({
      path: ['mcpServers', 'local'],
      message: stdioRefusal,
    });
  });

  it('refuses bodies that are not in the format', () => {
    for (const body of [
      {},
      { mcpServers: [] },
      { mcpServers: { 'a--b': { url: 'https://x.y' } } },
      { mcpServers: {}, extra: 1 },
      { mcpServers: { a: { url: 'https://x.y', unknown: 1 } } },
    ]) {
      expect(mcpPutConfigBodySchema.safeParse(body).success).toBe(false);
    }
  });

  it('writes a definition back as an entry that reads the same', () => {
    const definition = {
      key: 'remote',
      name: 'Remote tools',
      description: 'Some',
      transport: {
        type: 'sse' as const,
        url: 'https://example.com/sse',
        headers: { 'X-Key': 'k' },
      },
      approvalPolicy: 'ask once per chat' as const,
      active: false,
    };
    const body = mcpPutConfigBodySchema.parse({
      mcpServers: { remote: toMcpConfigEntry(definition) },
    });
    expect(definitionsFromPutConfig(body)).toEqual([definition]);
  });
});
