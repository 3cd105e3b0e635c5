import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type {
  McpConfigReply,
  McpOfferReply,
  McpServer,
  McpServerReply,
} from '@confab/protocol/mcp';
import type { McpOAuthDisconnectReply, McpOAuthStartReply } from '@confab/protocol/mcp-oauth';
import { startOAuthMcpServer, type OAuthMcpServer } from '../fixtures/oauth-mcp-server.mjs';
import { databaseTargets } from '../helpers/database-targets';
import { mcpSettings, modernStdio, requestAs, writeMcpFile } from '../helpers/mcp';
import { connectAccount, signInAtServer } from '../helpers/mcp-oauth';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp, signUpAdmin } from '../helpers/users';

type As = ReturnType<typeof requestAs>;

// Confab as an administrator registered it with the provider by hand (the test app's
// PUBLIC_URL is http://localhost).
const registered = {
  client_id: 'confab-by-hand',
  client_secret: 'hand-secret',
  redirect_uris: ['http://localhost/api/mcp/oauth/callback'],
};

describe.each(databaseTargets)('OAuth sign-in to MCP servers on $engine', (target) => {
  let t: TestApp;
  let oauth: OAuthMcpServer;
  let admin: As;
  let alice: As;
  let bob: As;

  beforeAll(async () => {
    oauth = await startOAuthMcpServer({ clients: [registered] });
    t = await startTestApp(
      target,
      { mcp: mcpSettings({ connectTimeoutMs: 5_000, oauthTimeoutMs: 1_000 }) },
      { prepareDataDir: (dir) => writeMcpFile(dir, { shared: modernStdio() }) },
    );
    admin = requestAs(t.app, (await signUpAdmin(t.app, { username: 'oauth_admin' })).cookie);
    alice = requestAs(t.app, (await signUp(t.app, { username: 'oauth_alice' })).cookie);
    bob = requestAs(t.app, (await signUp(t.app, { username: 'oauth_bob' })).cookie);
    const added = await admin.post('/api/mcp/addServer', {
      key: 'hosted',
      name: 'Hosted tools',
      transport: { type: 'streamable-http', url: oauth.url },
      auth: { type: 'oauth' },
    });
    expect(added.statusCode, added.body).toBe(201);
  });
  afterAll(async () => {
    await t?.close();
    await oauth?.close();
  });
  afterEach(() => {
    oauth.behaviour.as = 'normal';
    oauth.behaviour.authorizationServer = undefined;
  });

  const serverOf = async (as: As, key = 'hosted') =>
    (await as.get('/api/mcp/getConfig'))
      .json<McpConfigReply>()
      .servers.find((server) => server.key === key);
  const whoami = (as: As) => as.post('/api/mcp/call', { client: 'hosted', name: 'whoami' });
  const offered = async (as: As) =>
    (await as.get('/api/mcp/offer')).json<McpOfferReply>().tools.map((tool) => tool.server);
  const sharedStillWorks = async (as: As) => {
    const echo = await as.post('/api/mcp/call', {
      client: 'shared',
      name: 'echo',
      args: { message: 'still here' },
    });
    expect(echo.json()).toMatchObject({ content: [{ text: 'Echo: still here' }] });
  };

  it('shows "connect" until the user signs in, with no tools of the server', async () => {
    const seen = await serverOf(alice);
    expect(seen).toMatchObject({
      key: 'hosted',
      connection: 'needs-connect',
      status: 'error',
      error: 'Connect your account to use this server',
      auth: null,
      transport: null,
    });
    expect(await offered(alice)).not.toContain('hosted');
    const call = await whoami(alice);
    expect(call.statusCode).toBe(409);
    expect(call.json().message).toMatch(/Connect your account/);
  });

  it('shows administrators the OAuth settings, never a client secret', async () => {
    const updated = await admin.post('/api/mcp/updateServer', {
      key: 'hosted',
      name: 'Hosted tools',
      transport: { type: 'streamable-http', url: oauth.url },
      auth: { type: 'oauth', scopes: 'mcp' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json<McpServerReply>().server.auth).toEqual({
      type: 'oauth',
      clientId: null,
      scopes: 'mcp',
      hasClientSecret: false,
    });
    expect((await admin.get('/api/mcp/getConfig')).body).not.toMatch(/clientSecret"/);

    // A configured client: its secret is kept when the form comes back without it.
    const withSecret = await admin.post('/api/mcp/addServer', {
      key: 'configured',
      transport: { type: 'streamable-http', url: oauth.url },
      auth: { type: 'oauth', clientId: 'given-id', clientSecret: 'given-secret' },
    });
    expect(withSecret.statusCode, withSecret.body).toBe(201);
    expect(withSecret.body).not.toContain('given-secret');
    const resent = await admin.post('/api/mcp/updateServer', {
      key: 'configured',
      transport: { type: 'streamable-http', url: oauth.url },
      auth: { type: 'oauth', clientId: 'given-id' },
    });
    expect(resent.json<McpServerReply>().server.auth).toMatchObject({
      clientId: 'given-id',
      hasClientSecret: true,
    });
    const rows = await t.app.database.db.selectFrom('mcp_servers').select(['auth']).execute();
    for (const row of rows) expect(row.auth ?? '').not.toContain('given-secret');
    expect((await admin.post('/api/mcp/deactivate', { key: 'configured' })).statusCode).toBe(200);
  });

  it('connects with PKCE and a resource indicator, then offers and runs the tools', async () => {
    const started = await alice.post('/api/mcp/oauth/start', { key: 'hosted' });
    expect(started.statusCode, started.body).toBe(200);
    const authorization = new URL(started.json<McpOAuthStartReply>().authorizationUrl);
    expect(authorization.origin).toBe(oauth.asUrl);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('resource')).toBe(oauth.url);
    expect(authorization.searchParams.get('redirect_uri')).toMatch(/\/api\/mcp\/oauth\/callback$/);

    const callback = await signInAtServer(authorization.href, 'alice');
    const landed = await t.app.inject({
      method: 'GET',
      url: callback,
      headers: { cookie: alice.cookie! },
    });
    expect(landed.statusCode).toBe(303);
    const back = new URL(landed.headers.location as string, 'http://confab.test');
    expect(back.pathname).toBe('/agents/mindBox');
    expect(Object.fromEntries(back.searchParams)).toEqual({
      mcpOAuth: 'connected',
      mcpOAuthServer: 'hosted',
    });

    expect(await serverOf(alice)).toMatchObject({
      connection: 'connected',
      status: 'connected',
      error: null,
      toolCount: 2,
    });
    expect(await offered(alice)).toContain('hosted');
    expect((await whoami(alice)).json()).toMatchObject({
      content: [{ text: 'Signed in as alice' }],
    });
  });

  it('keeps the tokens sealed in the database', async () => {
    const token = oauth.lastTokenOf('alice')!;
    const rows = await t.app.database.db
      .selectFrom('mcp_oauth_tokens')
      .select(['tokens'])
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(row.tokens).toMatch(/^enc:v1:/);
      expect(row.tokens).not.toContain(token);
    }
  });

  it("never gives another user the first user's tokens or tools", async () => {
    expect(await serverOf(bob)).toMatchObject({ connection: 'needs-connect' });
    expect(await offered(bob)).not.toContain('hosted');
    expect((await whoami(bob)).statusCode).toBe(409);
    // Bob's callback cannot finish Alice's sign-in.
    const started = await alice.post('/api/mcp/oauth/start', { key: 'hosted' });
    const callback = await signInAtServer(
      started.json<McpOAuthStartReply>().authorizationUrl,
      'alice',
    );
    const stolen = await t.app.inject({
      method: 'GET',
      url: callback,
      headers: { cookie: bob.cookie! },
    });
    expect(stolen.statusCode).toBe(303);
    expect(
      Object.fromEntries(new URL(stolen.headers.location as string, 'http://x.test').searchParams),
    ).toEqual({ mcpOAuth: 'failed', mcpOAuthError: 'state' });
    expect(await serverOf(bob)).toMatchObject({ connection: 'needs-connect' });
    // Nor spoil it: Alice finishes her own sign-in afterwards.
    const own = await t.app.inject({
      method: 'GET',
      url: callback,
      headers: { cookie: alice.cookie! },
    });
    expect(own.headers.location).toMatch(/mcpOAuth=connected/);

    const connected = await connectAccount(t.app, bob, 'hosted', 'bob');
    expect(connected.statusCode).toBe(303);
    expect((await whoami(bob)).json()).toMatchObject({ content: [{ text: 'Signed in as bob' }] });
    expect((await whoami(alice)).json()).toMatchObject({
      content: [{ text: 'Signed in as alice' }],
    });
  });

  it('refreshes an access token the server stopped taking', async () => {
    const before = oauth.lastTokenOf('alice')!;
    await oauth.revokeAccessToken(before);
    expect((await whoami(alice)).json()).toMatchObject({
      content: [{ text: 'Signed in as alice' }],
    });
    expect(oauth.lastTokenOf('alice')).not.toBe(before);
    expect(await serverOf(alice)).toMatchObject({ connection: 'connected' });
  });

  it('says "connect again" when the grant was revoked at the AS; the rest keeps working', async () => {
    await oauth.revokeGrantOf(oauth.lastTokenOf('alice')!);
    const call = await whoami(alice);
    expect(call.statusCode).toBe(409);
    expect(call.json().message).toMatch(/expired or was revoked: connect again/);
    expect(await serverOf(alice)).toMatchObject({
      connection: 'expired',
      status: 'error',
      error: 'Your sign-in to this server expired or was revoked: connect again',
    });
    expect(await offered(alice)).not.toContain('hosted');
    await sharedStillWorks(alice);
    expect((await whoami(bob)).json()).toMatchObject({ content: [{ text: 'Signed in as bob' }] });

    // Connecting again brings it back.
    expect((await connectAccount(t.app, alice, 'hosted', 'alice')).statusCode).toBe(303);
    expect((await whoami(alice)).json()).toMatchObject({
      content: [{ text: 'Signed in as alice' }],
    });
  });

  it('disconnects: the tokens are forgotten and revoked at the AS', async () => {
    const token = oauth.lastTokenOf('bob')!;
    expect(await oauth.isActive(token)).toBe(true);
    const response = await bob.post('/api/mcp/oauth/disconnect', { key: 'hosted' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<McpOAuthDisconnectReply>()).toEqual({
      connection: 'needs-connect',
      revoked: true,
    });
    expect(await oauth.isActive(token)).toBe(false);
    expect(await serverOf(bob)).toMatchObject({ connection: 'needs-connect' });
    expect((await whoami(bob)).statusCode).toBe(409);
    expect((await whoami(alice)).statusCode).toBe(200);
  });

  /** Where a callback sent the browser: its path and query. */
  const landing = (response: { statusCode: number; headers: Record<string, unknown> }) => {
    expect(response.statusCode).toBe(303);
    const back = new URL(response.headers.location as string, 'http://confab.test');
    return { path: back.pathname, query: Object.fromEntries(back.searchParams) };
  };

  it('sends a callback without a state, with an unknown one, or used twice back to the settings', async () => {
    const before = await serverOf(bob);
    for (const query of ['', '?code=abc', '?code=abc&state=made-up']) {
      expect(landing(await bob.get(`/api/mcp/oauth/callback${query}`))).toEqual({
        path: '/agents/mindBox',
        query: { mcpOAuth: 'failed', mcpOAuthError: 'state' },
      });
    }
    const callback = (await connectAccount(t.app, bob, 'hosted', 'bob')).statusCode;
    expect(callback).toBe(303);
    // The same answer again (a replay, the back button): refused, nothing changes.
    const started = await bob.post('/api/mcp/oauth/start', { key: 'hosted' });
    const answer = await signInAtServer(started.json<McpOAuthStartReply>().authorizationUrl, 'bob');
    expect(landing(await bob.get(answer)).query.mcpOAuth).toBe('connected');
    expect(landing(await bob.get(answer)).query).toEqual({
      mcpOAuth: 'failed',
      mcpOAuthError: 'state',
    });
    expect((await serverOf(bob))?.connection).toBe('connected');
    expect(before?.connection).toBe('needs-connect');
  });

  it('sends a malformed callback (a code too long, a state given twice) back to the settings', async () => {
    for (const query of [`?code=${'c'.repeat(5000)}&state=s`, '?code=abc&state=a&state=b']) {
      const response = await bob.get(`/api/mcp/oauth/callback${query}`);
      expect(response.statusCode).toBe(303);
      expect(landing(response)).toEqual({
        path: '/agents/mindBox',
        query: { mcpOAuth: 'failed', mcpOAuthError: 'refused' },
      });
    }
  });

  it('sends the browser back with a readable failure for a refused or bad code', async () => {
    await bob.post('/api/mcp/oauth/disconnect', { key: 'hosted' });
    const started = await bob.post('/api/mcp/oauth/start', { key: 'hosted' });
    const answer = new URL(
      await signInAtServer(started.json<McpOAuthStartReply>().authorizationUrl, 'bob'),
      'http://confab.test',
    );
    answer.searchParams.set('code', 'not-the-code');
    const landed = await bob.get(`${answer.pathname}${answer.search}`);
    expect(landed.statusCode).toBe(303);
    const back = new URL(landed.headers.location as string, 'http://confab.test');
    expect(back.searchParams.get('mcpOAuth')).toBe('failed');
    expect(back.searchParams.get('mcpOAuthError')).toBe('refused');
    expect((await serverOf(bob))?.connection).toBe('needs-connect');

    const again = await bob.post('/api/mcp/oauth/start', { key: 'hosted' });
    const state = new URL(again.json<McpOAuthStartReply>().authorizationUrl).searchParams.get(
      'state',
    )!;
    const denied = await bob.get(
      `/api/mcp/oauth/callback?state=${state}&error=access_denied&error_description=User+said+no`,
    );
    const deniedBack = new URL(denied.headers.location as string, 'http://confab.test');
    // A reason code, never the authorization server's words (the web app says it in en/zh).
    expect(Object.fromEntries(deniedBack.searchParams)).toEqual({
      mcpOAuth: 'failed',
      mcpOAuthServer: 'hosted',
      mcpOAuthError: 'denied',
    });
    expect((await serverOf(bob))?.connection).toBe('needs-connect');
  });

  it('gives a clear error when the authorization server is slow or failing', async () => {
    oauth.behaviour.as = 'hang';
    const slow = await bob.post('/api/mcp/oauth/start', { key: 'hosted' });
    expect(slow.statusCode).toBe(502);
    expect(slow.json().message).toMatch(/did not answer within 1000 ms/);
    await sharedStillWorks(bob);

    oauth.behaviour.as = 'fail';
    const failing = await bob.post('/api/mcp/oauth/start', { key: 'hosted' });
    expect(failing.statusCode).toBe(502);
    expect(failing.json().message).toMatch(/^Could not sign in to the MCP server: /);
    await sharedStillWorks(bob);
  });

  it('keeps the sign-in when the AS is down during a refresh, and works once it is back', async () => {
    await oauth.revokeAccessToken(oauth.lastTokenOf('alice')!);
    oauth.behaviour.as = 'fail';
    const down = await whoami(alice);
    expect(down.statusCode).toBe(502);
    expect(down.json().message).toBe('MCP server "hosted" is unavailable');
    expect((await serverOf(alice))?.connection).toBe('connected');
    await sharedStillWorks(alice);
    oauth.behaviour.as = 'normal';
    expect((await whoami(alice)).json()).toMatchObject({
      content: [{ text: 'Signed in as alice' }],
    });
  });

  it('refuses an authorization server at a link-local address (the URL guard)', async () => {
    oauth.behaviour.authorizationServer = 'http://169.254.169.254/';
    const refused = await bob.post('/api/mcp/oauth/start', { key: 'hosted' });
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toMatch(/link-local or cloud metadata address/);
  });

  it('revokes at the authorization server that issued the tokens, even when the server now points elsewhere', async () => {
    await connectAccount(t.app, bob, 'hosted', 'bob');
    expect((await whoami(bob)).statusCode).toBe(200);
    const token = oauth.lastTokenOf('bob')!;
    expect(await oauth.isActive(token)).toBe(true);
    // The MCP server now names another authorization server (nothing listens there).
    oauth.behaviour.authorizationServer = 'http://127.0.0.1:9/';
    const response = await bob.post('/api/mcp/oauth/disconnect', { key: 'hosted' });
    expect(response.json<McpOAuthDisconnectReply>()).toEqual({
      connection: 'needs-connect',
      revoked: true,
    });
    expect(await oauth.isActive(token)).toBe(false);
  });

  it('refuses sign-in to a server that does not use OAuth, or that is unknown', async () => {
    const shared = await alice.post('/api/mcp/oauth/start', { key: 'shared' });
    expect(shared.statusCode).toBe(409);
    expect((await alice.post('/api/mcp/oauth/start', { key: 'nope' })).statusCode).toBe(404);
    expect((await alice.post('/api/mcp/oauth/start', {})).statusCode).toBe(400);
    const anonymous = requestAs(t.app, undefined);
    expect((await anonymous.post('/api/mcp/oauth/start', { key: 'hosted' })).statusCode).toBe(401);
  });

  it('sends a browser that comes back without a session to the settings, using nothing', async () => {
    await alice.post('/api/mcp/oauth/disconnect', { key: 'hosted' });
    const started = await alice.post('/api/mcp/oauth/start', { key: 'hosted' });
    const answer = await signInAtServer(
      started.json<McpOAuthStartReply>().authorizationUrl,
      'alice',
    );
    // An installed app that opened the sign-in in another browser: no Confab cookie there.
    const anonymous = requestAs(t.app, undefined);
    expect(landing(await anonymous.get(answer))).toEqual({
      path: '/agents/mindBox',
      query: { mcpOAuth: 'failed', mcpOAuthError: 'session' },
    });
    expect((await serverOf(alice))?.connection).toBe('needs-connect');
    // The sign-in is still Alice's to finish in her own browser.
    expect(landing(await alice.get(answer)).query.mcpOAuth).toBe('connected');
  });

  it('takes the redirect URI from PUBLIC_URL, never from the Host header', async () => {
    const started = await bob.post(
      '/api/mcp/oauth/start',
      { key: 'hosted' },
      {
        host: 'attacker.example',
        'x-forwarded-host': 'attacker.example',
      },
    );
    expect(started.statusCode, started.body).toBe(200);
    const authorization = new URL(started.json<McpOAuthStartReply>().authorizationUrl);
    expect(authorization.searchParams.get('redirect_uri')).toBe(
      'http://localhost/api/mcp/oauth/callback',
    );
    const registrations = await t.app.database.db
      .selectFrom('mcp_oauth_clients')
      .select('redirect_uri')
      .where('server_key', '=', 'hosted')
      .execute();
    expect(registrations).toEqual([{ redirect_uri: 'http://localhost/api/mcp/oauth/callback' }]);
  });

  it('registers again when the stored registration was made for another redirect URI', async () => {
    const db = t.app.database.db;
    await db
      .updateTable('mcp_oauth_clients')
      .set({ redirect_uri: 'http://attacker.example/api/mcp/oauth/callback' })
      .where('server_key', '=', 'hosted')
      .execute();
    const clientIdOf = async () =>
      new URL(
        (await bob.post('/api/mcp/oauth/start', { key: 'hosted' })).json<McpOAuthStartReply>()
          .authorizationUrl,
      ).searchParams.get('client_id');
    const first = await clientIdOf();
    const row = await db
      .selectFrom('mcp_oauth_clients')
      .select('redirect_uri')
      .where('server_key', '=', 'hosted')
      .executeTakeFirstOrThrow();
    expect(row.redirect_uri).toBe('http://localhost/api/mcp/oauth/callback');
    // The new registration is kept and used from then on.
    expect(await clientIdOf()).toBe(first);
  });

  it('refuses OAuth sign-in with a readable 409 when PUBLIC_URL is not set', async () => {
    const { publicUrl: _unset, ...withoutPublicUrl } = mcpSettings();
    const bare = await startTestApp(target, { mcp: withoutPublicUrl });
    try {
      const bareAdmin = requestAs(
        bare.app,
        (await signUpAdmin(bare.app, { username: 'bare_admin' })).cookie,
      );
      const carol = requestAs(
        bare.app,
        (await signUp(bare.app, { username: 'oauth_carol' })).cookie,
      );
      const added = await bareAdmin.post('/api/mcp/addServer', {
        key: 'hosted',
        transport: { type: 'streamable-http', url: oauth.url },
        auth: { type: 'oauth' },
      });
      expect(added.statusCode, added.body).toBe(201);
      const refused = await carol.post(
        '/api/mcp/oauth/start',
        { key: 'hosted' },
        {
          host: 'attacker.example',
        },
      );
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(
        'Set PUBLIC_URL, the address people use to reach Confab, to sign in to OAuth MCP servers',
      );
    } finally {
      await bare.close();
    }
  });

  it("signs in with the administrator's client ID and secret, without registering", async () => {
    const added = await admin.post('/api/mcp/addServer', {
      key: 'by_hand',
      name: 'By hand',
      transport: { type: 'streamable-http', url: oauth.url },
      auth: {
        type: 'oauth',
        clientId: registered.client_id,
        clientSecret: registered.client_secret,
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    const started = await alice.post('/api/mcp/oauth/start', { key: 'by_hand' });
    expect(
      new URL(started.json<McpOAuthStartReply>().authorizationUrl).searchParams.get('client_id'),
    ).toBe(registered.client_id);
    const callback = await signInAtServer(
      started.json<McpOAuthStartReply>().authorizationUrl,
      'alice',
    );
    const landed = await alice.get(callback);
    expect(landed.headers.location).toMatch(/mcpOAuth=connected/);
    expect(
      (await alice.post('/api/mcp/call', { client: 'by_hand', name: 'whoami' })).json(),
    ).toMatchObject({ content: [{ text: 'Signed in as alice' }] });
    const registrations = await t.app.database.db
      .selectFrom('mcp_oauth_clients')
      .select('server_key')
      .where('server_key', '=', 'by_hand')
      .execute();
    expect(registrations).toEqual([]);
  });

  it('serves its client ID metadata document only with an https PUBLIC_URL', async () => {
    expect((await alice.get('/api/mcp/oauth/client-metadata.json')).statusCode).toBe(404);
    const withUrl = await startTestApp(target, {
      mcp: mcpSettings({ publicUrl: 'https://confab.example' }),
    });
    try {
      const document = await withUrl.app.inject({ url: '/api/mcp/oauth/client-metadata.json' });
      expect(document.json()).toMatchObject({
        client_id: 'https://confab.example/api/mcp/oauth/client-metadata.json',
        redirect_uris: ['https://confab.example/api/mcp/oauth/callback'],
        token_endpoint_auth_method: 'none',
      });
    } finally {
      await withUrl.close();
    }
  });

  it('closes every user connection when an administrator deactivates the server', async () => {
    expect((await admin.post('/api/mcp/deactivate', { key: 'hosted' })).statusCode).toBe(200);
    const call = await whoami(alice);
    expect(call.statusCode).toBe(409);
    expect(call.json().message).toMatch(/not active/);
    expect(await serverOf(alice)).toBeUndefined();
    expect((await admin.post('/api/mcp/activate', { key: 'hosted' })).statusCode).toBe(200);
    expect((await whoami(alice)).json()).toMatchObject({
      content: [{ text: 'Signed in as alice' }],
    });
    const seen: McpServer | undefined = await serverOf(alice);
    expect(seen?.connection).toBe('connected');
  });
});
