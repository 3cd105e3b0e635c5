import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpCallReply, McpConfigReply } from '@confab/protocol/mcp';
import { databaseTargets } from '../helpers/database-targets';
import {
  everythingStdio,
  mcpSettings,
  modernStdio,
  requestAs,
  startEverythingHttp,
  startModernHttp,
  writeMcpFile,
  type RunningServer,
} from '../helpers/mcp';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp } from '../helpers/users';

/**
 * Both protocol eras on every transport: the 2026-07-28 server (SDK 2, stateless, refusing
 * 2025 requests) over stdio and Streamable HTTP, and the reference server (2025 era) over
 * stdio, Streamable HTTP and the legacy SSE transport.
 */
describe.each(databaseTargets)('MCP servers of both protocol eras on $engine', (target) => {
  let t: TestApp;
  let modernHttp: RunningServer;
  let legacyHttp: RunningServer;
  let legacySse: RunningServer;
  let user: ReturnType<typeof requestAs>;

  beforeAll(async () => {
    [modernHttp, legacyHttp, legacySse] = await Promise.all([
      startModernHttp(),
      startEverythingHttp('streamableHttp'),
      startEverythingHttp('sse'),
    ]);
    t = await startTestApp(
      target,
      { mcp: mcpSettings() },
      {
        prepareDataDir: (dir) =>
          writeMcpFile(dir, {
            modern_stdio: modernStdio(),
            modern_http: { type: 'streamable-http', url: modernHttp.url },
            legacy_stdio: everythingStdio(),
            legacy_http: { type: 'streamable-http', url: legacyHttp.url },
            legacy_sse: { type: 'sse', url: legacySse.url },
          }),
      },
    );
    user = requestAs(t.app, (await signUp(t.app)).cookie);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([modernHttp.close(), legacyHttp.close(), legacySse.close()]);
  });

  it('connects every server whatever its era and transport', async () => {
    const response = await user.get('/api/mcp/init');
    expect(response.statusCode).toBe(200);
    const servers = response.json<McpConfigReply>().servers;
    expect(
      Object.fromEntries(servers.map((server) => [server.key, [server.status, server.error]])),
    ).toEqual({
      modern_stdio: ['connected', null],
      modern_http: ['connected', null],
      legacy_stdio: ['connected', null],
      legacy_http: ['connected', null],
      legacy_sse: ['connected', null],
    });
  });

  it.each(['modern_stdio', 'modern_http'])(
    'calls a tool of the 2026-07-28 server over %s',
    async (client) => {
      const response = await user.post('/api/mcp/call', {
        client,
        name: 'echo',
        args: { message: 'hi' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<McpCallReply>()).toMatchObject({
        content: [{ type: 'text', text: 'Echo: hi' }],
        isError: false,
      });
    },
  );

  it.each(['modern_stdio', 'modern_http'])(
    'refuses a 2026-07-28 tool that keeps asking during a call no tab can answer (%s)',
    async (client) => {
      // Made without a callId: each question is cancelled, and the tool asks again each round.
      const response = await user.post('/api/mcp/call', { client, name: 'greet_me', args: {} });
      expect(response.statusCode).toBe(502);
      expect(response.json<{ message: string }>().message).toBe(
        `MCP server "${client}" refused the call to "greet_me": The tool still asked for input after 10 answers`,
      );
      // The server itself is fine: its connection is kept, and it answers the next call.
      const servers = (await user.get('/api/mcp/getConfig')).json<McpConfigReply>().servers;
      expect(servers.find((server) => server.key === client)?.status).toBe('connected');
      const next = await user.post('/api/mcp/call', {
        client,
        name: 'echo',
        args: { message: 'next' },
      });
      expect(next.json<McpCallReply>().content).toEqual([{ type: 'text', text: 'Echo: next' }]);
    },
  );

  it.each(['legacy_stdio', 'legacy_http', 'legacy_sse'])(
    'calls a tool of the 2025-era server over %s',
    async (client) => {
      const response = await user.post('/api/mcp/call', {
        client,
        name: 'echo',
        args: { message: 'hi' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json<McpCallReply>().content).toEqual([{ type: 'text', text: 'Echo: hi' }]);
    },
  );
});
