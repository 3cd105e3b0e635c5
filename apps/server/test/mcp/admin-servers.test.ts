import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpConfigReply, McpServerReply } from '@confab/protocol/mcp';
import { stdioRefusal } from '@confab/protocol/mcp';
import { databaseTargets } from '../helpers/database-targets';
import {
  everythingStdio,
  freePort,
  mcpSettings,
  requestAs,
  startEverythingHttp,
  writeMcpFile,
  type RunningServer,
} from '../helpers/mcp';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp, signUpAdmin } from '../helpers/users';

describe.each(databaseTargets)('servers added by administrators on $engine', (target) => {
  let t: TestApp;
  let http: RunningServer;
  let sse: RunningServer;
  let admin: ReturnType<typeof requestAs>;
  let user: ReturnType<typeof requestAs>;

  beforeAll(async () => {
    [http, sse] = await Promise.all([
      startEverythingHttp('streamableHttp'),
      startEverythingHttp('sse'),
    ]);
    t = await startTestApp(
      target,
      { mcp: mcpSettings({ connectTimeoutMs: 5_000 }) },
      { prepareDataDir: (dir) => writeMcpFile(dir, { everything: everythingStdio() }) },
    );
    admin = requestAs(t.app, (await signUpAdmin(t.app, { username: 'mcp_admin' })).cookie);
    user = requestAs(t.app, (await signUp(t.app)).cookie);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([http.close(), sse.close()]);
  });

  const config = async (as = admin) => (await as.get('/api/mcp/getConfig')).json<McpConfigReply>();
  const keys = async (as = admin) => (await config(as)).servers.map((server) => server.key);
  const echo = (client: string, as = user) =>
    as.post('/api/mcp/call', { client, name: 'echo', args: { message: 'hi' } });
  const unusedUrl = async () => `http://127.0.0.1:${await freePort()}/mcp`;

  it('adds a Streamable HTTP server that every user can then call', async () => {
    const response = await admin.post('/api/mcp/addServer', {
      key: 'web_tools',
      name: 'Web tools',
      description: 'The reference server over HTTP',
      transport: { type: 'streamable-http', url: http.url, headers: { 'X-Team': 'confab' } },
      approvalPolicy: 'ask once per chat',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json<McpServerReply>().server).toEqual({
      key: 'web_tools',
      name: 'Web tools',
      description: 'The reference server over HTTP',
      source: 'admin',
      transportType: 'streamable-http',
      transport: { type: 'streamable-http', url: http.url, headers: { 'X-Team': 'confab' } },
      approvalPolicy: 'ask once per chat',
      active: true,
      status: 'connected',
      error: null,
      toolCount: expect.any(Number),
    });
    expect((await echo('web_tools')).json()).toMatchObject({ content: [{ text: 'Echo: hi' }] });
    const seenByUser = (await config(user)).servers.find((server) => server.key === 'web_tools');
    expect(seenByUser).toMatchObject({ transportType: 'streamable-http', transport: null });
  });

  it('adds an SSE server', async () => {
    const response = await admin.post('/api/mcp/addServer', {
      key: 'legacy_sse',
      transport: { type: 'sse', url: sse.url },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      server: {
        key: 'legacy_sse',
        name: 'legacy_sse',
        status: 'connected',
        approvalPolicy: 'always ask',
      },
    });
    expect((await echo('legacy_sse')).json()).toMatchObject({ content: [{ text: 'Echo: hi' }] });
  });

  it('never adds a stdio server through the API', async () => {
    const before = await keys();
    const response = await admin.post('/api/mcp/addServer', {
      key: 'shell',
      transport: { type: 'stdio', command: 'sh', args: ['-c', 'touch /tmp/pwned'] },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: `transport.type: ${stdioRefusal}`,
      fields: { 'transport.type': stdioRefusal },
    });
    const asFileEntry = await admin.post('/api/mcp/putConfig', {
      mcpServers: { shell: { command: 'sh', args: ['-c', 'id'] } },
    });
    expect(asFileEntry.statusCode).toBe(400);
    expect(asFileEntry.json()).toMatchObject({ message: `mcpServers.shell: ${stdioRefusal}` });
    expect(await keys()).toEqual(before);
  });

  it('refuses a URL that does not answer and saves nothing', async () => {
    const url = await unusedUrl();
    const response = await admin.post('/api/mcp/addServer', {
      key: 'nobody_home',
      transport: { type: 'streamable-http', url },
    });
    expect(response.statusCode).toBe(400);
    const reason = new RegExp(`^Could not connect to the MCP server: ${url}: .*ECONNREFUSED`);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: expect.stringMatching(/^Nothing was saved\. transport\.url: Could not connect/),
      fields: { 'transport.url': expect.stringMatching(reason) },
    });
    expect(await keys()).not.toContain('nobody_home');
  });

  it('saves an inactive server without trying it, and shows its error once activated', async () => {
    const url = await unusedUrl();
    const added = await admin.post('/api/mcp/addServer', {
      key: 'later',
      transport: { type: 'sse', url },
      active: false,
    });
    expect(added.statusCode).toBe(201);
    expect(added.json()).toMatchObject({ server: { status: 'inactive', active: false } });
    const activated = await admin.post('/api/mcp/activate', { key: 'later' });
    expect(activated.statusCode).toBe(200);
    expect(activated.json()).toMatchObject({
      server: { active: true, status: 'error', error: expect.stringContaining('ECONNREFUSED') },
    });
    const call = await echo('later');
    expect(call.statusCode).toBe(502);
    expect((await admin.post('/api/mcp/deactivate', { key: 'later' })).statusCode).toBe(200);
  });

  it('refuses link-local and cloud metadata addresses', async () => {
    for (const url of [
      'http://169.254.169.254/latest/meta-data/',
      'http://[fe80::1]/mcp',
      'http://[::ffff:169.254.169.254]/mcp',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://2852039166/mcp',
      'http://100.100.100.200/mcp',
    ]) {
      const response = await admin.post('/api/mcp/addServer', {
        key: 'metadata',
        transport: { type: 'streamable-http', url },
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        fields: {
          'transport.url': expect.stringContaining('link-local or cloud metadata address'),
        },
      });
    }
    expect(await keys()).not.toContain('metadata');
  });

  it('refuses bodies that are not a server', async () => {
    const valid = { key: 'x1', transport: { type: 'sse', url: sse.url } };
    const cases: Array<[unknown, string]> = [
      [[], '_'],
      [{ transport: valid.transport }, 'key'],
      [{ ...valid, key: 'bad--key' }, 'key'],
      [{ ...valid, key: '-edge' }, 'key'],
      [{ ...valid, transport: { type: 'sse', url: 'ftp://example.com/' } }, 'transport.url'],
      [{ ...valid, transport: { type: 'websocket', url: sse.url } }, 'transport.type'],
      [
        { ...valid, transport: { type: 'sse', url: sse.url, headers: { 'X-A': 'a\r\nX-B: b' } } },
        'transport.headers.X-A',
      ],
      [{ ...valid, approvalPolicy: 'sometimes' }, 'approvalPolicy'],
      [{ ...valid, active: 'yes' }, 'active'],
    ];
    for (const [body, field] of cases) {
      const response = await admin.post('/api/mcp/addServer', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().fields, JSON.stringify(body)).toHaveProperty([field]);
    }
    expect(await keys()).not.toContain('x1');
  });

  it('refuses a key that is taken, by the file or by the API', async () => {
    for (const key of ['everything', 'web_tools']) {
      const response = await admin.post('/api/mcp/addServer', {
        key,
        transport: { type: 'sse', url: sse.url },
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({
        code: 'CONFLICT',
        message: `An MCP server with key "${key}" already exists`,
      });
    }
  });

  it('updates a server with the object getConfig gave, and refuses what cannot change', async () => {
    const current = (await config()).servers.find((server) => server.key === 'web_tools')!;
    const renamed = await admin.post('/api/mcp/updateServer', {
      ...current,
      name: 'Renamed tools',
      approvalPolicy: 'never ask',
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      server: {
        key: 'web_tools',
        name: 'Renamed tools',
        approvalPolicy: 'never ask',
        status: 'connected',
      },
    });

    const dead = await admin.post('/api/mcp/updateServer', {
      ...current,
      transport: { type: 'streamable-http', url: await unusedUrl() },
    });
    expect(dead.statusCode).toBe(400);
    expect(dead.json()).toMatchObject({ fields: { 'transport.url': expect.any(String) } });
    const unchanged = (await config()).servers.find((server) => server.key === 'web_tools');
    expect(unchanged).toMatchObject({ transport: { url: http.url }, name: 'Renamed tools' });
    expect((await echo('web_tools')).statusCode).toBe(200);

    const unknown = await admin.post('/api/mcp/updateServer', { ...current, key: 'ghost' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: 'No MCP server "ghost"' });

    const fileServer = await admin.post('/api/mcp/updateServer', {
      key: 'everything',
      transport: { type: 'sse', url: sse.url },
    });
    expect(fileServer.statusCode).toBe(409);
    expect(fileServer.json().message).toMatch(/defined in the operator's file/);
  });

  it("activates and deactivates any server, the file's included", async () => {
    const off = await admin.post('/api/mcp/deactivate', { key: 'everything' });
    expect(off.json()).toMatchObject({
      server: { key: 'everything', active: false, status: 'inactive' },
    });
    expect(await keys(user)).not.toContain('everything');
    expect(await keys()).toContain('everything');
    expect((await echo('everything')).statusCode).toBe(409);
    const tools = (await user.get('/api/mcp/tools')).json<{ tools: { server: string }[] }>().tools;
    expect(tools.some((tool) => tool.server === 'everything')).toBe(false);

    const on = await admin.post('/api/mcp/activate', { key: 'everything' });
    expect(on.json()).toMatchObject({ server: { active: true, status: 'connected' } });
    expect((await echo('everything')).statusCode).toBe(200);

    for (const path of ['/api/mcp/activate', '/api/mcp/deactivate']) {
      const unknown = await admin.post(path, { key: 'ghost' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', message: 'No MCP server "ghost"' });
      for (const body of [
        {},
        { key: 5 },
        { key: 'a--b' },
        { key: 'everything', more: 1 },
        'everything',
      ]) {
        expect((await admin.post(path, body)).statusCode, JSON.stringify(body)).toBe(400);
      }
    }
  });

  it('replaces the servers added through the API with putConfig, all or nothing', async () => {
    const invalid = [
      {},
      { mcpServers: [] },
      { mcpServers: { a: { url: 'not a url' } } },
      { mcpServers: {}, x: 1 },
      { mcpServers: { a: { url: sse.url, type: 'ws' } } },
    ];
    for (const body of invalid) {
      const response = await admin.post('/api/mcp/putConfig', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    }

    const clash = await admin.post('/api/mcp/putConfig', {
      mcpServers: { everything: { url: sse.url, type: 'sse' } },
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ fields: { 'mcpServers.everything': expect.any(String) } });

    const before = await keys();
    const dead = await admin.post('/api/mcp/putConfig', {
      mcpServers: { fine: { url: http.url }, dead: { url: await unusedUrl() } },
    });
    expect(dead.statusCode).toBe(400);
    expect(dead.json()).toMatchObject({
      message: expect.stringMatching(
        /^Nothing was saved\. mcpServers\.dead\.url: Could not connect/,
      ),
      fields: { 'mcpServers.dead.url': expect.stringContaining('ECONNREFUSED') },
    });
    expect(await keys()).toEqual(before);

    const replaced = await admin.post('/api/mcp/putConfig', {
      mcpServers: {
        web_tools: { url: http.url, name: 'Web tools again' },
        old: { type: 'sse', url: sse.url, disabled: true, approvalPolicy: 'never ask' },
      },
    });
    expect(replaced.statusCode).toBe(200);
    const servers = replaced.json<McpConfigReply>().servers;
    expect(servers.map((server) => [server.key, server.source, server.status])).toEqual([
      ['everything', 'file', 'connected'],
      ['old', 'admin', 'inactive'],
      ['web_tools', 'admin', 'connected'],
    ]);
    expect((await echo('legacy_sse')).statusCode).toBe(404);

    const emptied = await admin.post('/api/mcp/putConfig', { mcpServers: {} });
    expect(emptied.json<McpConfigReply>().servers.map((server) => server.key)).toEqual([
      'everything',
    ]);
  });

  it('agrees with another node on the same database', async () => {
    const { buildApp } = await import('../../src/app');
    const other = await buildApp(t.config, { logger: false });
    await other.ready();
    try {
      const otherAdmin = requestAs(other, admin.cookie);
      const added = await otherAdmin.post('/api/mcp/addServer', {
        key: 'shared',
        transport: { type: 'streamable-http', url: http.url },
      });
      expect(added.statusCode).toBe(201);
      expect((await echo('shared')).json()).toMatchObject({ content: [{ text: 'Echo: hi' }] });
      expect((await otherAdmin.post('/api/mcp/deactivate', { key: 'shared' })).statusCode).toBe(
        200,
      );
      expect((await echo('shared')).statusCode).toBe(409);
    } finally {
      await other.close();
    }
  });
});
