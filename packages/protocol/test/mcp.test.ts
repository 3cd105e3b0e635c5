import { describe, expect, it } from 'vitest';
import {
  mcpCallBodySchema,
  mcpCallReplySchema,
  mcpServerInputSchema,
  stdioRefusal,
} from '../src/mcp';

describe('tool call bodies', () => {
  it('accepts {client, name, args} and defaults args to {}', () => {
    expect(mcpCallBodySchema.parse({ client: 'everything', name: 'echo' })).toEqual({
      client: 'everything',
      name: 'echo',
      args: {},
    });
  });

  it('refuses args that are not an object', () => {
    for (const args of [[1], 'text', 3, null, true]) {
      const result = mcpCallBodySchema.safeParse({ client: 'everything', name: 'echo', args });
      expect(result.error?.issues[0]).toMatchObject({
        path: ['args'],
        message: 'args must be a JSON object',
      });
    }
  });
});

describe('tool call results', () => {
  it('keeps every MCP content type, with annotations and unknown fields', () => {
    const content = [
      { type: 'text', text: 'hi', annotations: { priority: 1 } },
      { type: 'image', data: 'aGk=', mimeType: 'image/png' },
      { type: 'audio', data: 'aGk=', mimeType: 'audio/wav' },
      { type: 'resource_link', uri: 'demo://x', name: 'x', _meta: { a: 1 } },
      { type: 'resource', resource: { uri: 'demo://t', mimeType: 'text/plain', text: 'hello' } },
      { type: 'resource', resource: { uri: 'demo://b', blob: 'aGk=' } },
    ];
    const reply = { content, isError: false, durationMs: 3 };
    expect(mcpCallReplySchema.parse(reply)).toEqual(reply);
  });
});

describe('servers added through the API', () => {
  const base = {
    key: 'remote',
    transport: { type: 'streamable-http', url: 'https://example.com/mcp' },
  };

  it('fills defaults', () => {
    expect(mcpServerInputSchema.parse(base)).toEqual({
      key: 'remote',
      description: '',
      transport: { type: 'streamable-http', url: 'https://example.com/mcp', headers: {} },
      approvalPolicy: 'always ask',
      active: true,
    });
  });

  it('refuses a stdio transport with the reason, on the transport type', () => {
    const result = mcpServerInputSchema.safeParse({
      ...base,
      transport: { type: 'stdio', command: 'sh', args: ['-c', 'id'] },
    });
    expect(result.error?.issues).toEqual([
      expect.objectContaining({ path: ['transport', 'type'], message: stdioRefusal }),
    ]);
  });

  it('refuses keys with "--", URLs that are not http(s), and headers with line breaks', () => {
    expect(mcpServerInputSchema.safeParse({ ...base, key: 'a--b' }).success).toBe(false);
    expect(
      mcpServerInputSchema.safeParse({
        ...base,
        transport: { type: 'sse', url: 'file:///etc/passwd' },
      }).error?.issues[0]?.message,
    ).toBe('Enter an http:// or https:// URL');
    expect(
      mcpServerInputSchema.safeParse({
        ...base,
        transport: { ...base.transport, headers: { 'X-A': 'a\r\nInjected: 1' } },
      }).success,
    ).toBe(false);
  });
});
