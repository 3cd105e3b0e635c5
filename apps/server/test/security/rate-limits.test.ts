import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { everythingStdio, mcpSettings, requestAs, writeMcpFile } from '../helpers/mcp';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { newAccount, signUp } from '../helpers/users';

/** What every limit answers: 429, the error envelope, and when to come back. */
function expectLimited(response: LightMyRequestResponse) {
  expect(response.statusCode, response.body).toBe(429);
  expect(response.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

describe('rate limits answer 429 with retry-after', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('on registration, per client address', async () => {
    t = await startTestApp(undefined, { rateLimits: { registerPerIpPerHour: 1 } });
    const register = () =>
      t!.app.inject({ method: 'POST', url: '/api/_auth/register', payload: newAccount() });
    expect((await register()).statusCode).toBe(201);
    expectLimited(await register());
  });

  it('on sign-in, per client address and per account', async () => {
    t = await startTestApp(undefined, {
      rateLimits: { loginPerIpPerMinute: 3, loginFailuresPerAccount: 2 },
    });
    const { user } = await signUp(t.app);
    const login = (password: string) =>
      t!.app.inject({
        method: 'POST',
        url: '/api/_auth/login',
        payload: { username: user.username, password },
      });
    expect((await login('wrong one')).statusCode).toBe(401);
    expect((await login('wrong two')).statusCode).toBe(401);
    // The account is locked (its own limit, counted in minutes)...
    const locked = await login('wrong three');
    expectLimited(locked);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(60);
    // ... and then the address is (the fourth attempt in a minute).
    expectLimited(await login('wrong four'));
  });

  it('on friend requests, per user', async () => {
    t = await startTestApp(undefined, { rateLimits: { addContactPerUserPerMinute: 1 } });
    const me = await signUp(t.app);
    const add = (receiverName: string) =>
      t!.app.inject({
        method: 'POST',
        url: '/api/chat-social-msg/contacts/add',
        headers: { cookie: me.cookie },
        payload: { receiverName },
      });
    expect((await add('nobody_one')).statusCode).toBe(404);
    expectLimited(await add('nobody_two'));
  });

  it('on tool calls, per user, and other users go on', async () => {
    t = await startTestApp(
      undefined,
      { rateLimits: { toolCallsPerUserPerMinute: 2 }, mcp: mcpSettings() },
      { prepareDataDir: (dir) => writeMcpFile(dir, { everything: everythingStdio() }) },
    );
    const me = requestAs(t.app, (await signUp(t.app)).cookie);
    const call = { client: 'everything', name: 'echo', args: { message: 'hi' } };
    expect((await me.post('/api/mcp/call', call)).statusCode).toBe(200);
    expect((await me.post('/api/mcp/call', call)).statusCode).toBe(200);
    expectLimited(await me.post('/api/mcp/call', call));
    const someoneElse = requestAs(t.app, (await signUp(t.app)).cookie);
    expect((await someoneElse.post('/api/mcp/call', call)).statusCode).toBe(200);
    // Listing tools is not a call.
    expect((await me.get('/api/mcp/tools')).statusCode).toBe(200);
  });

  it('on password changes, per user', async () => {
    t = await startTestApp(undefined, { rateLimits: { passwordChangePerUserPerHour: 1 } });
    const me = await signUp(t.app);
    const change = () =>
      t!.app.inject({
        method: 'POST',
        url: '/api/_auth/password',
        headers: { cookie: me.cookie },
        payload: { currentPassword: 'not it', newPassword: 'a new password' },
      });
    expect((await change()).statusCode).toBe(400);
    expectLimited(await change());
  });
});
