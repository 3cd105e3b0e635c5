import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpConfigReply } from '@confab/protocol/mcp';
import { startOAuthMcpServer, type OAuthMcpServer } from '../fixtures/oauth-mcp-server.mjs';
import { databaseTargets } from '../helpers/database-targets';
import { mcpSettings, requestAs } from '../helpers/mcp';
import { connectAccount } from '../helpers/mcp-oauth';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp, signUpAdmin } from '../helpers/users';

type As = ReturnType<typeof requestAs>;

// `POST /api/mcp/putConfig` takes the file format, which has no sign-in settings.
describe.each(databaseTargets)('putConfig and servers that sign users in, on $engine', (target) => {
  let t: TestApp;
  let oauth: OAuthMcpServer;
  let admin: As;
  let alice: As;

  beforeAll(async () => {
    oauth = await startOAuthMcpServer();
    t = await startTestApp(target, {
      mcp: mcpSettings({ connectTimeoutMs: 5_000, oauthTimeoutMs: 1_000 }),
    });
    admin = requestAs(t.app, (await signUpAdmin(t.app, { username: 'put_admin' })).cookie);
    alice = requestAs(t.app, (await signUp(t.app, { username: 'put_alice' })).cookie);
  });
  afterAll(async () => {
    await t?.close();
    await oauth?.close();
  });

  const addHosted = async () => {
    const added = await admin.post('/api/mcp/addServer', {
      key: 'hosted',
      transport: { type: 'streamable-http', url: oauth.url },
      auth: { type: 'oauth', scopes: 'mcp' },
    });
    expect(added.statusCode, added.body).toBe(201);
  };
  const serverOf = async (as: As) =>
    (await as.get('/api/mcp/getConfig'))
      .json<McpConfigReply>()
      .servers.find((server) => server.key === 'hosted');
  const putConfig = (mcpServers: Record<string, unknown>) =>
    admin.post('/api/mcp/putConfig', { mcpServers });
  const whoami = () => alice.post('/api/mcp/call', { client: 'hosted', name: 'whoami' });

  it("keeps the server's OAuth settings and its users' sign-ins when its address stays", async () => {
    await addHosted();
    expect((await connectAccount(t.app, alice, 'hosted', 'alice')).statusCode).toBe(303);
    const put = await putConfig({ hosted: { type: 'streamable-http', url: oauth.url } });
    expect(put.statusCode, put.body).toBe(200);
    expect((await serverOf(admin))?.auth).toMatchObject({ type: 'oauth', scopes: 'mcp' });
    expect((await serverOf(alice))?.connection).toBe('connected');
    expect((await whoami()).json()).toMatchObject({ content: [{ text: 'Signed in as alice' }] });
  });

  it('asks users to connect again when the server moves to another address', async () => {
    const moved = `${oauth.url}?moved=1`;
    const put = await putConfig({ hosted: { type: 'streamable-http', url: moved } });
    expect(put.statusCode, put.body).toBe(200);
    expect((await serverOf(admin))?.auth).toMatchObject({ type: 'oauth' });
    expect((await serverOf(alice))?.connection).toBe('needs-connect');
    expect((await whoami()).statusCode).not.toBe(200);
  });

  it("never gives a server added again under a removed server's key that server's sign-ins", async () => {
    expect((await putConfig({})).statusCode).toBe(200);
    await addHosted();
    expect((await connectAccount(t.app, alice, 'hosted', 'alice')).statusCode).toBe(303);
    expect((await serverOf(alice))?.connection).toBe('connected');
    // Removed, then another server added under the same key.
    expect((await putConfig({})).statusCode).toBe(200);
    await addHosted();
    expect((await serverOf(alice))?.connection).toBe('needs-connect');
    const rows = await t.app.database.db
      .selectFrom('mcp_oauth_tokens')
      .select('server_key')
      .where('server_key', '=', 'hosted')
      .execute();
    expect(rows).toEqual([]);
  });
});
