import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpConfigReply } from '@confab/protocol/mcp';
import { databaseTargets } from '../helpers/database-targets';
import {
  everythingStdio,
  mcpSettings,
  requestAs,
  startEverythingHttp,
  writeMcpFile,
  type RunningServer,
} from '../helpers/mcp';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp, signUpAdmin } from '../helpers/users';

describe.each(databaseTargets)('who may use /api/mcp/* on $engine', (target) => {
  let t: TestApp;
  let http: RunningServer;
  let anonymous: ReturnType<typeof requestAs>;
  let user: ReturnType<typeof requestAs>;
  let admin: ReturnType<typeof requestAs>;

  beforeAll(async () => {
    http = await startEverythingHttp('streamableHttp');
    t = await startTestApp(
      target,
      { mcp: mcpSettings() },
      { prepareDataDir: (dir) => writeMcpFile(dir, { everything: everythingStdio() }) },
    );
    anonymous = requestAs(t.app, undefined);
    user = requestAs(t.app, (await signUp(t.app)).cookie);
    admin = requestAs(t.app, (await signUpAdmin(t.app, { username: 'access_admin' })).cookie);
  });
  afterAll(async () => {
    await t.close();
    await http.close();
  });

  const remote = () => ({ key: 'remote', transport: { type: 'streamable-http', url: http.url } });
  const requests = () =>
    [
      ['GET', '/api/mcp/tools', undefined],
      ['GET', '/api/mcp/tools?server=everything', undefined],
      ['GET', '/api/mcp/offer', undefined],
      ['POST', '/api/mcp/call', { client: 'everything', name: 'echo', args: { message: 'a' } }],
      ['GET', '/api/mcp/init', undefined],
      ['GET', '/api/mcp/getConfig', undefined],
      ['POST', '/api/mcp/addServer', remote()],
      ['POST', '/api/mcp/updateServer', { ...remote(), name: 'Changed' }],
      ['POST', '/api/mcp/putConfig', { mcpServers: { remote: { url: http.url, name: 'Put' } } }],
      ['POST', '/api/mcp/deactivate', { key: 'everything' }],
      ['POST', '/api/mcp/activate', { key: 'everything' }],
    ] as const;
  const send = (
    as: ReturnType<typeof requestAs>,
    method: 'GET' | 'POST',
    url: string,
    body: unknown,
  ) => (method === 'GET' ? as.get(url) : as.post(url, body));
  const adminOnly = new Set([
    '/api/mcp/addServer',
    '/api/mcp/updateServer',
    '/api/mcp/putConfig',
    '/api/mcp/activate',
    '/api/mcp/deactivate',
  ]);

  it('answers anonymous requests with 401, before looking at the body', async () => {
    for (const [method, url, body] of requests()) {
      const response = await send(anonymous, method, url, body);
      expect(response.statusCode, url).toBe(401);
      expect(response.json(), url).toEqual({
        statusCode: 401,
        code: 'UNAUTHENTICATED',
        message: 'Sign in to continue',
      });
      if (method === 'POST') {
        const invalid = await anonymous.post(url, { nonsense: true });
        expect(invalid.statusCode, url).toBe(401);
      }
    }
  });

  it('lets a user list and call tools and read the config, and refuses every change with 403', async () => {
    // init waits until the servers have settled, so the two snapshots compare state, not timing.
    const before = (await admin.get('/api/mcp/init')).json<McpConfigReply>();
    for (const [method, url, body] of requests()) {
      const response = await send(user, method, url, body);
      if (adminOnly.has(url.split('?')[0]!)) {
        expect(response.statusCode, url).toBe(403);
        expect(response.json(), url).toEqual({
          statusCode: 403,
          code: 'FORBIDDEN',
          message: 'Only an administrator can do this',
        });
      } else {
        expect(response.statusCode, url).toBe(200);
      }
    }
    expect((await admin.get('/api/mcp/getConfig')).json()).toEqual(before);
  });

  it('lets an administrator do everything', async () => {
    for (const [method, url, body] of requests()) {
      const response = await send(admin, method, url, body);
      expect(response.statusCode, `${url}: ${response.body}`).toBe(
        url === '/api/mcp/addServer' ? 201 : 200,
      );
    }
    const config = (await admin.get('/api/mcp/getConfig')).json<McpConfigReply>();
    expect(config.servers.map((server) => [server.key, server.name, server.active])).toEqual([
      ['everything', 'everything', true],
      ['remote', 'Put', true],
    ]);
    expect(config.file).toEqual({
      path: `${t.config.dataDir}/mcp.json`,
      found: true,
      problems: [],
    });
  });
});
