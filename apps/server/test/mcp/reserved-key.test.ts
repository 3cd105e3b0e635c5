import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpConfigReply } from '@confab/protocol/mcp';
import { databaseTargets } from '../helpers/database-targets';
import { everythingStdio, mcpSettings, requestAs, writeMcpFile } from '../helpers/mcp';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUpAdmin } from '../helpers/users';

const reserved = 'Server key "confab" is reserved for the app\'s own tools';

// The search tool is named `confab--search_tools`: no server may be named so that its tools clash.
describe.each(databaseTargets)('the reserved server key on $engine', (target) => {
  let t: TestApp;
  let admin: ReturnType<typeof requestAs>;

  beforeAll(async () => {
    t = await startTestApp(target, { mcp: mcpSettings() });
    admin = requestAs(t.app, (await signUpAdmin(t.app, { username: 'key_admin' })).cookie);
  });
  afterAll(() => t.close());

  it('is refused to an administrator with the reason, and nothing is saved', async () => {
    for (const key of ['confab', 'Confab']) {
      const response = await admin.post('/api/mcp/addServer', {
        key,
        transport: { type: 'streamable-http', url: 'http://127.0.0.1:9/mcp' },
      });
      expect(response.statusCode, key).toBe(400);
      expect(response.json<{ fields: Record<string, string> }>().fields).toEqual({
        key: reserved,
      });
    }
    const config = (await admin.get('/api/mcp/getConfig')).json<McpConfigReply>();
    expect(config.servers).toEqual([]);
  });

  it("is reported in the operator's file, whose other entries still load", async () => {
    writeMcpFile(t.config.dataDir, { confab: everythingStdio(), good: everythingStdio() });
    const config = (await admin.get('/api/mcp/init')).json<McpConfigReply>();
    expect(config.servers.map((server) => server.key)).toEqual(['good']);
    expect(config.file.problems).toEqual([`"confab": ${reserved}`]);
  });
});
