import { writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpConfigReply } from '@confab/protocol/mcp';
import { databaseTargets } from '../helpers/database-targets';
import {
  eventually,
  everythingStdio,
  isRunning,
  mcpSettings,
  requestAs,
  writeMcpFile,
} from '../helpers/mcp';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp, signUpAdmin } from '../helpers/users';

describe.each(databaseTargets)("the operator's mcp.json on $engine", (target) => {
  let t: TestApp;
  let admin: ReturnType<typeof requestAs>;
  let user: ReturnType<typeof requestAs>;

  beforeAll(async () => {
    t = await startTestApp(target, { mcp: mcpSettings() });
    admin = requestAs(t.app, (await signUpAdmin(t.app, { username: 'file_admin' })).cookie);
    user = requestAs(t.app, (await signUp(t.app)).cookie);
  });
  afterAll(() => t.close());

  const init = async (as = admin) => (await as.get('/api/mcp/init')).json<McpConfigReply>();

  it('starts with no servers when there is no file', async () => {
    expect(await init()).toMatchObject({
      servers: [],
      file: { path: join(t.config.dataDir, 'mcp.json'), found: false, problems: [] },
    });
  });

  it('picks up servers added to the file on init, started and ready to call', async () => {
    writeMcpFile(t.config.dataDir, {
      tools: everythingStdio({ description: 'Reference tools', approvalPolicy: 'never ask' }),
      spare: { ...everythingStdio(), disabled: true },
    });
    const config = await init(user);
    expect(config.servers).toEqual([
      expect.objectContaining({
        key: 'tools',
        description: 'Reference tools',
        approvalPolicy: 'never ask',
        status: 'connected',
      }),
    ]);
    const adminView = await init();
    expect(adminView.servers.map((server) => [server.key, server.status])).toEqual([
      ['tools', 'connected'],
      ['spare', 'inactive'],
    ]);
    expect(adminView.servers[0]?.transport).toEqual({
      type: 'stdio',
      command: process.execPath,
      args: expect.any(Array),
      env: {},
    });
    const call = await user.post('/api/mcp/call', {
      client: 'tools',
      name: 'get-sum',
      args: { a: 2, b: 3 },
    });
    expect(call.json()).toMatchObject({
      content: [{ type: 'text', text: expect.stringContaining('5') }],
    });
  });

  it('stops a server removed from the file', async () => {
    const pid = t.app.services.mcpHost.connection('tools')?.pid();
    expect(pid).toEqual(expect.any(Number));
    writeMcpFile(t.config.dataDir, { spare: { ...everythingStdio(), disabled: true } });
    expect((await init()).servers.map((server) => server.key)).toEqual(['spare']);
    await eventually(async () => !isRunning(pid!));
    const call = await user.post('/api/mcp/call', {
      client: 'tools',
      name: 'echo',
      args: { message: 'x' },
    });
    expect(call.statusCode).toBe(404);
  });

  it("keeps an administrator's switch over the file's disabled flag", async () => {
    const on = await admin.post('/api/mcp/activate', { key: 'spare' });
    expect(on.json()).toMatchObject({
      server: { key: 'spare', active: true, status: 'connected' },
    });
    expect((await init()).servers).toEqual([
      expect.objectContaining({ key: 'spare', active: true }),
    ]);
    await admin.post('/api/mcp/deactivate', { key: 'spare' });
  });

  it('shows administrators what is wrong with the file, and keeps the good entries', async () => {
    writeMcpFile(t.config.dataDir, {
      good: everythingStdio(),
      'bad key': { command: 'x' },
      empty: {},
    });
    const config = await init();
    expect(config.servers.map((server) => server.key)).toEqual(['good']);
    expect(config.file.problems).toEqual([
      expect.stringMatching(/^"bad key": Server key may contain/),
      '"empty": needs a "command" (stdio) or a "url" (streamable-http, sse)',
    ]);
    expect((await init(user)).file).toEqual({ path: null, found: true, problems: [] });

    writeFileSync(join(t.config.dataDir, 'mcp.json'), '{"mcpServers": {');
    const broken = await init();
    expect(broken.servers).toEqual([]);
    expect(broken.file.problems).toEqual([expect.stringMatching(/^The file is not valid JSON: /)]);

    rmSync(join(t.config.dataDir, 'mcp.json'));
    expect((await init()).file).toMatchObject({ found: false, problems: [] });
  });
});
