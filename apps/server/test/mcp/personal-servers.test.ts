import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpConfigReply, McpOfferReply, McpServerReply } from '@confab/protocol/mcp';
import { databaseTargets } from '../helpers/database-targets';
import {
  freePort,
  mcpSettings,
  requestAs,
  startEverythingHttp,
  type RunningServer,
} from '../helpers/mcp';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp, signUpAdmin } from '../helpers/users';

type As = ReturnType<typeof requestAs>;

describe.each(databaseTargets)('servers of their own on $engine', (target) => {
  let t: TestApp;
  let http: RunningServer;
  let admin: As;
  let alice: As;
  let bob: As;

  beforeAll(async () => {
    http = await startEverythingHttp('streamableHttp');
    // The test servers run on loopback, which users' own servers may reach only when allowed.
    t = await startTestApp(target, {
      mcp: mcpSettings({ connectTimeoutMs: 5_000, allowPrivatePersonalUrls: true }),
    });
    admin = requestAs(t.app, (await signUpAdmin(t.app, { username: 'own_admin' })).cookie);
    alice = requestAs(t.app, (await signUp(t.app, { username: 'own_alice' })).cookie);
    bob = requestAs(t.app, (await signUp(t.app, { username: 'own_bob' })).cookie);
  });
  afterAll(async () => {
    await t?.close();
    await http?.close();
  });

  const config = async (as: As) => (await as.get('/api/mcp/getConfig')).json<McpConfigReply>();
  const keys = async (as: As) => (await config(as)).servers.map((server) => server.key);
  const offered = async (as: As) =>
    (await as.get('/api/mcp/offer')).json<McpOfferReply>().tools.map((tool) => tool.server);
  const add = (as: As, key: string, url = http.url) =>
    as.post('/api/mcp/personal/add', {
      key,
      name: `Mine ${key}`,
      transport: { type: 'streamable-http', url, headers: { 'X-Mine': 'secret-value' } },
      approvalPolicy: 'never ask',
    });
  const echo = (as: As, client: string) =>
    as.post('/api/mcp/call', { client, name: 'echo', args: { message: 'mine' } });

  it('are off until an administrator allows them', async () => {
    expect((await config(alice)).personal).toEqual({ allowed: false, max: 5, count: 0 });
    const refused = await add(alice, 'my_tools');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/not allowed here: an administrator can allow them/);
    expect((await alice.post('/api/mcp/personal/policy', { allowed: true })).statusCode).toBe(403);
    const allowed = await admin.post('/api/mcp/personal/policy', { allowed: true });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json()).toMatchObject({ allowed: true, max: 5 });
  });

  it('lets a user add one, seen and used by them alone', async () => {
    const added = await add(alice, 'my_tools');
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json<McpServerReply>().server).toMatchObject({
      key: 'my_tools',
      name: 'Mine my_tools',
      source: 'personal',
      status: 'connected',
      transport: { url: http.url, headers: { 'X-Mine': 'secret-value' } },
    });
    expect(await keys(alice)).toContain('my_tools');
    expect((await config(alice)).personal).toMatchObject({ allowed: true, count: 1 });
    expect(await offered(alice)).toContain('my_tools');
    expect((await echo(alice, 'my_tools')).json()).toMatchObject({
      content: [{ text: 'Echo: mine' }],
    });

    // Nobody else lists, sees, calls or removes it; an administrator neither.
    for (const other of [bob, admin]) {
      expect(await keys(other)).not.toContain('my_tools');
      expect(JSON.stringify(await config(other))).not.toContain('secret-value');
      expect(await offered(other)).not.toContain('my_tools');
      expect((await echo(other, 'my_tools')).statusCode).toBe(404);
      expect((await other.get('/api/mcp/tools?server=my_tools')).statusCode).toBe(404);
      expect((await other.post('/api/mcp/personal/remove', { key: 'my_tools' })).statusCode).toBe(
        404,
      );
    }
    expect((await echo(alice, 'my_tools')).statusCode).toBe(200);
  });

  it("keeps two users' servers of the same key apart", async () => {
    expect((await add(bob, 'my_tools')).statusCode).toBe(201);
    expect((await echo(bob, 'my_tools')).statusCode).toBe(200);
    expect((await bob.post('/api/mcp/personal/remove', { key: 'my_tools' })).statusCode).toBe(200);
    expect(await keys(bob)).not.toContain('my_tools');
    expect((await echo(alice, 'my_tools')).statusCode).toBe(200);
  });

  it('refuses bad input with a readable reason, and saves nothing', async () => {
    const noPrefix = await add(alice, 'tools');
    expect(noPrefix.statusCode).toBe(400);
    expect(noPrefix.json().message).toMatch(/starts with "my_"/);
    const guarded = await add(alice, 'my_meta', 'http://169.254.169.254/mcp');
    expect(guarded.statusCode).toBe(400);
    expect(guarded.json().message).toMatch(/link-local or cloud metadata address/);
    const credential = await alice.post('/api/mcp/personal/add', {
      key: 'my_keyed',
      transport: { type: 'streamable-http', url: `${http.url}?api_key=abc` },
    });
    expect(credential.statusCode).toBe(400);
    expect(credential.json().message).toMatch(/must not carry a key/);
    const stdio = await alice.post('/api/mcp/personal/add', {
      key: 'my_program',
      transport: { type: 'stdio', command: 'sh' },
    });
    expect(stdio.statusCode).toBe(400);
    const dead = await add(alice, 'my_dead', `http://127.0.0.1:${await freePort()}/mcp`);
    expect(dead.statusCode).toBe(400);
    expect(dead.json().message).toMatch(/^Nothing was saved/);
    expect((await add(alice, 'my_tools')).statusCode).toBe(409);
    expect(await keys(alice)).toEqual(expect.not.arrayContaining(['tools', 'my_meta', 'my_dead']));
    expect((await config(alice)).personal?.count).toBe(1);
  });

  it('keeps the "my_" keys from shared servers', async () => {
    const response = await admin.post('/api/mcp/addServer', {
      key: 'my_shared',
      transport: { type: 'streamable-http', url: http.url },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/kept for users' own servers/);
  });

  it('limits how many one user may add', async () => {
    for (const key of ['my_2', 'my_3', 'my_4', 'my_5']) {
      expect((await add(alice, key)).statusCode).toBe(201);
    }
    const sixth = await add(alice, 'my_6');
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json().message).toMatch(/5 servers of your own, the most allowed/);
    for (const key of ['my_2', 'my_3', 'my_4', 'my_5']) {
      expect((await alice.post('/api/mcp/personal/remove', { key })).statusCode).toBe(200);
    }
  });

  it('hides them while the policy is off, and brings them back when it is on', async () => {
    expect((await admin.post('/api/mcp/personal/policy', { allowed: false })).statusCode).toBe(200);
    expect(await keys(alice)).not.toContain('my_tools');
    expect(await offered(alice)).not.toContain('my_tools');
    expect((await echo(alice, 'my_tools')).statusCode).toBe(404);
    expect((await admin.post('/api/mcp/personal/policy', { allowed: true })).statusCode).toBe(200);
    expect((await echo(alice, 'my_tools')).statusCode).toBe(200);
  });
});
