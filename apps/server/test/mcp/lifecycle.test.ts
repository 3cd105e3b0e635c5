import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpConfigReply, McpServer } from '@confab/protocol/mcp';
import { databaseTargets } from '../helpers/database-targets';
import {
  eventually,
  everythingStdio,
  isRunning,
  mcpSettings,
  requestAs,
  startEverythingHttp,
  writeMcpFile,
} from '../helpers/mcp';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp, signUpAdmin } from '../helpers/users';

describe.each(databaseTargets)('MCP server lifecycle on $engine', (target) => {
  let t: TestApp;
  let admin: ReturnType<typeof requestAs>;

  beforeAll(async () => {
    t = await startTestApp(
      target,
      // A restart waits 3 s at first, long enough to see the error state in between.
      {
        mcp: mcpSettings({ restartDelayMs: { min: 3000, max: 6000 } }),
      },
      {
        prepareDataDir: (dir) =>
          writeMcpFile(dir, {
            everything: everythingStdio(),
            other: everythingStdio(),
            missing: { command: '/nonexistent/mcp-server' },
            exits: {
              command: process.execPath,
              args: ['-e', 'console.error("bad config: MY_API_KEY is not set"); process.exit(3)'],
            },
          }),
      },
    );
    admin = requestAs(t.app, (await signUpAdmin(t.app, { username: 'life_admin' })).cookie);
  });
  afterAll(() => t.close());

  const server = async (key: string) => {
    const config = (await admin.get('/api/mcp/getConfig')).json<McpConfigReply>();
    return config.servers.find((candidate) => candidate.key === key) as McpServer;
  };
  const pidOf = (key: string) => t.app.services.mcpHost.connection(key)?.pid() ?? null;
  const echo = (client: string) =>
    admin.post('/api/mcp/call', { client, name: 'echo', args: { message: 'ping' } });

  it('shows why a server failed to start, and the others keep serving', async () => {
    await admin.get('/api/mcp/init');
    expect(await server('missing')).toMatchObject({
      status: 'error',
      error: 'Command not found: /nonexistent/mcp-server',
      toolCount: null,
    });
    const exits = await server('exits');
    expect(exits.status).toBe('error');
    expect(exits.error).toContain('bad config: MY_API_KEY is not set');

    const refused = await echo('missing');
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({
      code: 'BAD_GATEWAY',
      message: 'MCP server "missing" is unavailable: Command not found: /nonexistent/mcp-server',
    });
    expect((await echo('everything')).statusCode).toBe(200);
  });

  it('restarts a stdio server that crashed, showing the error meanwhile', async () => {
    expect((await echo('everything')).statusCode).toBe(200);
    const first = pidOf('everything');
    expect(first).toEqual(expect.any(Number));
    process.kill(first!, 'SIGKILL');

    const crashed = await eventually(async () => {
      const state = await server('everything');
      return state.status !== 'connected' && state;
    });
    expect(crashed).toMatchObject({
      status: 'error',
      error: expect.stringContaining('The server process stopped'),
    });
    const during = await echo('everything');
    expect(during.statusCode).toBe(502);
    expect(during.json().message).toMatch(
      /^MCP server "everything" is unavailable: The server process stopped/,
    );
    expect((await echo('other')).statusCode).toBe(200);

    await eventually(async () => (await server('everything')).status === 'connected');
    const second = pidOf('everything');
    expect(second).not.toBe(first);
    const again = await echo('everything');
    expect(again.json()).toMatchObject({ content: [{ text: 'Echo: ping' }] });
  });

  it('stops the process of a deactivated server and starts it again on activation', async () => {
    const pid = pidOf('other');
    expect(pid).toEqual(expect.any(Number));
    const off = await admin.post('/api/mcp/deactivate', { key: 'other' });
    expect(off.json()).toMatchObject({
      server: { key: 'other', active: false, status: 'inactive' },
    });
    await eventually(async () => !isRunning(pid!));

    const on = await admin.post('/api/mcp/activate', { key: 'other' });
    expect(on.json()).toMatchObject({
      server: { key: 'other', active: true, status: 'connected' },
    });
    expect(pidOf('other')).not.toBe(pid);
    expect((await echo('other')).statusCode).toBe(200);
  });
});

describe('a remote server that goes away', () => {
  it('fails calls with a clear error, then reconnects when it is back', async () => {
    let http = await startEverythingHttp('streamableHttp');
    const port = Number(new URL(http.url).port);
    const t = await startTestApp(
      undefined,
      { mcp: mcpSettings({ restartDelayMs: { min: 200, max: 400 } }) },
      {
        prepareDataDir: (dir) => writeMcpFile(dir, { remote: { url: http.url } }),
      },
    );
    try {
      const user = requestAs(t.app, (await signUp(t.app)).cookie);
      const echo = () =>
        user.post('/api/mcp/call', { client: 'remote', name: 'echo', args: { message: 'x' } });
      expect((await echo()).statusCode).toBe(200);

      await http.close();
      const down = await echo();
      expect(down.statusCode).toBe(502);
      // A user is told no more: the reason names the server's address (administrators see it).
      expect(down.json().message).toBe('MCP server "remote" is unavailable');
      const state = (await user.get('/api/mcp/getConfig')).json<McpConfigReply>().servers[0];
      expect(state).toMatchObject({ status: expect.stringMatching(/^(error|connecting)$/) });

      http = await startEverythingHttp('streamableHttp', port);
      await eventually(async () => (await echo()).statusCode === 200);
    } finally {
      await t.close();
      await http.close();
    }
  });
});

describe('closing the app', () => {
  it('ends every stdio server process', async () => {
    const t = await startTestApp(
      undefined,
      { mcp: mcpSettings() },
      {
        prepareDataDir: (dir) => writeMcpFile(dir, { a: everythingStdio(), b: everythingStdio() }),
      },
    );
    const user = requestAs(t.app, (await signUp(t.app)).cookie);
    await user.get('/api/mcp/init');
    const pids = ['a', 'b'].map((key) => t.app.services.mcpHost.connection(key)?.pid());
    expect(pids).toEqual([expect.any(Number), expect.any(Number)]);
    await t.close();
    for (const pid of pids) expect(isRunning(pid!)).toBe(false);
  });
});
