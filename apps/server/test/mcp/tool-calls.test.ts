import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  McpCallReply,
  McpConfigReply,
  McpOfferReply,
  McpToolsReply,
} from '@confab/protocol/mcp';
import { databaseTargets } from '../helpers/database-targets';
import {
  everythingStdio,
  mcpSettings,
  requestAs,
  startBlobServer,
  startEverythingHttp,
  writeMcpFile,
  type RunningServer,
} from '../helpers/mcp';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp } from '../helpers/users';

const callTimeoutMs = 6_000;

describe.each(databaseTargets)('calling tools of real MCP servers on $engine', (target) => {
  let t: TestApp;
  let http: RunningServer;
  let user: ReturnType<typeof requestAs>;

  beforeAll(async () => {
    http = await startEverythingHttp('streamableHttp');
    t = await startTestApp(
      target,
      // Long enough for a 4 MB blob to be gzipped and sent back on a machine busy with other
      // suites (it took 2.4 s under four of them), short enough that the hanging tool's test ends.
      { mcp: mcpSettings({ callTimeoutMs }) },
      {
        prepareDataDir: (dir) =>
          writeMcpFile(dir, {
            everything: everythingStdio({ name: 'Everything (stdio)' }),
            second: everythingStdio(),
            remote: { type: 'streamable-http', url: http.url },
            off: { ...everythingStdio(), disabled: true },
          }),
      },
    );
    user = requestAs(t.app, (await signUp(t.app)).cookie);
  });
  afterAll(async () => {
    await t.close();
    await http.close();
  });

  const call = (client: string, name: string, args?: unknown) =>
    user.post('/api/mcp/call', args === undefined ? { client, name } : { client, name, args });

  it('lists the tools of every active server, or of the one asked for', async () => {
    const all = await user.get('/api/mcp/tools');
    expect(all.statusCode).toBe(200);
    const tools = all.json<McpToolsReply>().tools;
    expect(new Set(tools.map((tool) => tool.server))).toEqual(
      new Set(['everything', 'second', 'remote']),
    );
    expect(tools).toContainEqual({
      server: 'everything',
      name: 'echo',
      title: 'Echo Tool',
      description: 'Echoes back the input string',
      inputSchema: expect.objectContaining({
        type: 'object',
        properties: { message: { type: 'string', description: 'Message to echo' } },
        required: ['message'],
      }),
    });

    const one = await user.get('/api/mcp/tools?server=remote');
    expect(one.statusCode).toBe(200);
    const remoteTools = one.json<McpToolsReply>().tools;
    expect(remoteTools.length).toBeGreaterThan(5);
    expect(remoteTools.every((tool) => tool.server === 'remote')).toBe(true);
  });

  it('offers the tools of the active servers with their names, policies and the call limits in one reply', async () => {
    const response = await user.get('/api/mcp/offer');
    expect(response.statusCode).toBe(200);
    const offer = response.json<McpOfferReply>();
    const listed = (await user.get('/api/mcp/tools')).json<McpToolsReply>().tools;
    // The same tools as the list, each with what a call of it needs from its server.
    expect(offer.tools.map(({ serverName: _n, approvalPolicy: _p, ...tool }) => tool)).toEqual(
      listed,
    );
    expect(offer.tools).toContainEqual(
      expect.objectContaining({
        server: 'everything',
        name: 'echo',
        serverName: 'Everything (stdio)',
        approvalPolicy: 'always ask',
      }),
    );
    expect(offer.tools.some((tool) => tool.server === 'off')).toBe(false);
    expect(offer.limits).toEqual(
      (await user.get('/api/mcp/getConfig')).json<McpConfigReply>().limits,
    );
  });

  it('refuses to list the tools of an unknown, inactive or misspelt server', async () => {
    const unknown = await user.get('/api/mcp/tools?server=nope');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: 'No MCP server "nope"' });
    const inactive = await user.get('/api/mcp/tools?server=off');
    expect(inactive.statusCode).toBe(409);
    expect(inactive.json()).toMatchObject({ message: 'MCP server "off" is not active' });
    const bad = await user.get('/api/mcp/tools?server=a--b');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { server: expect.any(String) },
    });
  });

  it('runs echo over stdio and over Streamable HTTP', async () => {
    for (const client of ['everything', 'remote']) {
      const response = await call(client, 'echo', { message: `hello ${client}` });
      expect(response.statusCode).toBe(200);
      const reply = response.json<McpCallReply>();
      expect(reply).toMatchObject({
        content: [{ type: 'text', text: `Echo: hello ${client}` }],
        isError: false,
      });
      expect(reply.durationMs).toBeGreaterThanOrEqual(0);
    }
  });

  it('keeps MCP content types: images, embedded resources, resource links, annotations, structured content', async () => {
    const image = (await call('everything', 'get-tiny-image', {})).json<McpCallReply>();
    expect(image.content).toContainEqual({
      type: 'image',
      mimeType: 'image/png',
      data: expect.stringMatching(/^iVBORw0KGgo/),
    });

    const resource = (
      await call('everything', 'get-resource-reference', { resourceType: 'Text', resourceId: 2 })
    ).json<McpCallReply>();
    expect(resource.content).toContainEqual({
      type: 'resource',
      resource: expect.objectContaining({ uri: expect.any(String), text: expect.any(String) }),
    });

    const links = (
      await call('everything', 'get-resource-links', { count: 2 })
    ).json<McpCallReply>();
    expect(links.content.filter((item) => item.type === 'resource_link')).toHaveLength(2);

    const annotated = (
      await call('everything', 'get-annotated-message', { messageType: 'error' })
    ).json<McpCallReply>();
    expect(annotated.content[0]).toMatchObject({
      type: 'text',
      annotations: expect.objectContaining({ priority: expect.any(Number) }),
    });

    const structured = (
      await call('remote', 'get-structured-content', { location: 'Chicago' })
    ).json<McpCallReply>();
    expect(structured.structuredContent).toEqual(
      expect.objectContaining({ temperature: expect.any(Number) }),
    );
  });

  it("returns a tool's own failure as isError with its message", async () => {
    const response = await call('everything', 'gzip-file-as-resource', {
      data: 'http://127.0.0.1:1/nothing-here',
      outputType: 'resource',
    });
    expect(response.statusCode).toBe(200);
    const reply = response.json<McpCallReply>();
    expect(reply.isError).toBe(true);
    expect(reply.content[0]).toMatchObject({
      type: 'text',
      text: expect.stringMatching(/fetch failed|ECONNREFUSED/),
    });
  });

  it('answers an unknown server or tool with 404 and an inactive server with 409', async () => {
    const server = await call('nope', 'echo', { message: 'x' });
    expect(server.statusCode).toBe(404);
    expect(server.json()).toMatchObject({ code: 'NOT_FOUND', message: 'No MCP server "nope"' });
    const tool = await call('everything', 'no-such-tool', {});
    expect(tool.statusCode).toBe(404);
    expect(tool.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'MCP server "everything" has no tool "no-such-tool"',
    });
    const off = await call('off', 'echo', { message: 'x' });
    expect(off.statusCode).toBe(409);
  });

  it("checks args against the tool's input schema before calling, naming the field", async () => {
    const wrongType = await call('everything', 'echo', { message: 42 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json()).toEqual({
      statusCode: 400,
      code: 'VALIDATION_ERROR',
      message: 'args.message: must be string',
      fields: { 'args.message': 'must be string' },
    });
    const missing = await call('everything', 'get-sum', { a: 1 });
    expect(missing.json()).toMatchObject({ message: 'args.b: is required' });
    const noArgs = await call('everything', 'echo');
    expect(noArgs.json()).toMatchObject({ statusCode: 400, message: 'args.message: is required' });
    const enumValue = await call('remote', 'get-structured-content', { location: 'Paris' });
    expect(enumValue.json()).toMatchObject({
      statusCode: 400,
      fields: { 'args.location': expect.stringContaining('allowed values') },
    });
  });

  it('refuses args that are not an object, and bodies that are not a call', async () => {
    for (const args of [['hello'], 'hello', 7, null, true]) {
      const response = await call('everything', 'echo', args);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        message: 'args: args must be a JSON object',
        fields: { args: 'args must be a JSON object' },
      });
    }
    for (const body of [
      [],
      { name: 'echo' },
      { client: 'everything' },
      { client: 'x y', name: 'echo' },
      { client: 'everything', name: 'echo', extra: 1 },
    ]) {
      const response = await user.post('/api/mcp/call', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });

  it('times out a tool that hangs, while that server and the others keep serving', async () => {
    const hanging = call('everything', 'trigger-long-running-operation', {
      duration: 30,
      steps: 1,
    });
    const meanwhile = await Promise.all([
      call('second', 'echo', { message: 'still here' }),
      call('remote', 'echo', { message: 'still here' }),
      call('everything', 'echo', { message: 'still here' }),
    ]);
    for (const response of meanwhile) expect(response.statusCode).toBe(200);
    const timedOut = await hanging;
    expect(timedOut.statusCode).toBe(504);
    expect(timedOut.json()).toEqual({
      statusCode: 504,
      code: 'TIMEOUT',
      message: `Tool "trigger-long-running-operation" on MCP server "everything": The tool did not answer within ${callTimeoutMs} ms; the call was cancelled`,
    });
    const after = await call('everything', 'echo', { message: 'after' });
    expect(after.json()).toMatchObject({ content: [{ text: 'Echo: after' }] });
  });

  it('refuses a result of several megabytes with a clear error, and keeps serving', async () => {
    const blob = await startBlobServer(4 * 1024 * 1024);
    try {
      for (const client of ['everything', 'remote']) {
        const response = await call(client, 'gzip-file-as-resource', {
          name: 'big.gz',
          data: blob.url,
          outputType: 'resource',
        });
        expect(response.statusCode).toBe(502);
        expect(response.json()).toMatchObject({
          code: 'BAD_GATEWAY',
          message: expect.stringMatching(
            new RegExp(
              `^The result of tool "gzip-file-as-resource" on MCP server "${client}" is 5\\.\\d MiB, more than the 1\\.0 MiB limit; it was not returned$`,
            ),
          ),
        });
        const next = await call(client, 'echo', { message: 'small' });
        expect(next.statusCode).toBe(200);
      }
    } finally {
      await blob.close();
    }
  });

  it('returns a result under the limit whole', async () => {
    const blob = await startBlobServer(300 * 1024);
    try {
      const response = await call('everything', 'gzip-file-as-resource', {
        name: 'small.gz',
        data: blob.url,
        outputType: 'resource',
      });
      expect(response.statusCode).toBe(200);
      const [item] = response.json<McpCallReply>().content;
      expect(item).toMatchObject({ type: 'resource', resource: { mimeType: 'application/gzip' } });
      const data = (item as { resource: { blob: string } }).resource.blob;
      expect(Buffer.from(data, 'base64').length).toBeGreaterThan(300 * 1024);
    } finally {
      await blob.close();
    }
  });

  it('shows a user the active servers only, without their transport settings', async () => {
    const config = (await user.get('/api/mcp/getConfig')).json<McpConfigReply>();
    expect(config.servers.map((server) => server.key).sort()).toEqual([
      'everything',
      'remote',
      'second',
    ]);
    expect(config.servers.find((server) => server.key === 'everything')).toEqual({
      key: 'everything',
      name: 'Everything (stdio)',
      description: '',
      source: 'file',
      transportType: 'stdio',
      transport: null,
      approvalPolicy: 'always ask',
      active: true,
      status: 'connected',
      error: null,
      toolCount: expect.any(Number),
    });
    expect(config.file).toEqual({ path: null, found: true, problems: [] });
    expect(config.limits).toEqual({ callTimeoutMs, resultMaxBytes: 1024 * 1024 });
  });
});
