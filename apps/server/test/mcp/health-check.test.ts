import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { McpConfigReply } from '@confab/protocol/mcp';
import {
  freePort,
  mcpSettings,
  requestAs,
  startModernHttp,
  writeMcpFile,
  type RunningServer,
} from '../helpers/mcp';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp } from '../helpers/users';

// A 2026-07-28 server over HTTP is stateless: no connection is held whose loss would show that
// it went away. Confab pings idle remote servers (MCP_HEALTH_CHECK_MS).
describe('a stateless HTTP server that goes away', () => {
  let t: TestApp;
  let port: number;
  let server: RunningServer;
  let user: ReturnType<typeof requestAs>;

  beforeAll(async () => {
    port = await freePort();
    server = await startModernHttp(port);
    t = await startTestApp(
      undefined,
      { mcp: mcpSettings({ healthCheckMs: 200, restartDelayMs: { min: 100, max: 200 } }) },
      {
        prepareDataDir: (dir) =>
          writeMcpFile(dir, { stateless: { type: 'streamable-http', url: server.url } }),
      },
    );
    user = requestAs(t.app, (await signUp(t.app)).cookie);
  });
  afterAll(async () => {
    await t?.close();
    await server?.close();
  });

  const statusOf = async () => {
    const servers = (await user.get('/api/mcp/init')).json<McpConfigReply>().servers;
    const stateless = servers.find((candidate) => candidate.key === 'stateless');
    return [stateless?.status, stateless?.error];
  };

  it('shows an error once it stops answering, and connected again once it is back', async () => {
    // Connected first: on a machine busy with other suites the first attempt once failed (the
    // status read 'error' with the server up) and the next one connected.
    await vi.waitFor(async () => expect(await statusOf()).toEqual(['connected', null]), {
      timeout: 10_000,
      interval: 100,
    });
    await server.close();
    await vi.waitFor(
      async () => expect(await statusOf()).toEqual(['error', expect.stringMatching(/\S/)]),
      { timeout: 10_000, interval: 100 },
    );
    server = await startModernHttp(port);
    await vi.waitFor(async () => expect(await statusOf()).toEqual(['connected', null]), {
      timeout: 10_000,
      interval: 100,
    });
  });
});
