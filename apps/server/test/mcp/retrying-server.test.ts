import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpConfigReply } from '@confab/protocol/mcp';
import { databaseTargets } from '../helpers/database-targets';
import { eventually, mcpSettings, rawStdio, requestAs, writeMcpFile } from '../helpers/mcp';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUpAdmin } from '../helpers/users';

describe.each(databaseTargets)('a garbage server while it is tried again, on $engine', (target) => {
  let t: TestApp;
  let admin: ReturnType<typeof requestAs>;

  beforeAll(async () => {
    t = await startTestApp(
      target,
      // Quick retries: the server spends nearly all its time in a new attempt.
      { mcp: mcpSettings({ connectTimeoutMs: 1_000, restartDelayMs: { min: 50, max: 50 } }) },
      { prepareDataDir: (dir) => writeMcpFile(dir, { garbage: rawStdio('not-json') }) },
    );
    admin = requestAs(t.app, (await signUpAdmin(t.app)).cookie);
    await admin.get('/api/mcp/init');
  });
  afterAll(() => t.close());

  it('keeps showing the last error during the next attempt, not a bare "connecting"', async () => {
    const connection = t.app.services.mcpHost.connection('garbage');
    // A later attempt is under way (it failed before, and is connecting again).
    await eventually(async () => connection?.status === 'connecting');
    const reply = (await admin.get('/api/mcp/getConfig')).json<McpConfigReply>();
    expect(reply.servers.find((server) => server.key === 'garbage')).toMatchObject({
      status: 'error',
      error: 'The server did not complete the MCP handshake within 1000 ms',
    });
  });
});
