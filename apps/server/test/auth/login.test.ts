import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../helpers/database-targets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { sessionCookieFrom, signUp } from '../helpers/users';

describe.each(databaseTargets)('sign-in and sessions on $engine', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  const login = (username: unknown, password: unknown, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/_auth/login',
      payload: { username, password } as object,
      headers: cookie ? { cookie } : {},
    });
  const session = (cookie?: string) =>
    t.app.inject({ url: '/api/_auth/session', headers: cookie ? { cookie } : {} });

  it('signs in by username or by e-mail, in any case', async () => {
    const { user, password } = await signUp(t.app);
    for (const name of [
      user.username,
      user.email,
      user.username.toUpperCase(),
      user.email.toUpperCase(),
    ]) {
      const response = await login(name, password);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ user: { id: user.id, username: user.username } });
      expect((await session(sessionCookieFrom(response))).json()).toMatchObject({
        user: { id: user.id },
      });
    }
  });

  it('answers a wrong password and an unknown user alike', async () => {
    const { user } = await signUp(t.app);
    const wrong = await login(user.username, 'not the password');
    const unknown = await login('nobody_here', 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({
      code: 'UNAUTHENTICATED',
      message: 'Invalid username or password',
    });
    expect(wrong.cookies).toHaveLength(0);
  });

  it('refuses a login body that is not an object or has no password', async () => {
    const noPassword = await t.app.inject({
      method: 'POST',
      url: '/api/_auth/login',
      payload: { username: 'x' },
    });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json()).toMatchObject({ fields: { password: expect.any(String) } });
    const array = await t.app.inject({
      method: 'POST',
      url: '/api/_auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '[]',
    });
    expect(array.statusCode).toBe(400);
  });

  it('answers {} to a visitor without a session', async () => {
    const response = await session();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
  });

  it('treats a forged cookie as signed out and clears it', async () => {
    for (const forged of [
      'confab_session=abc',
      `confab_session=${'A'.repeat(43)}`,
      'confab_session=%00%ff',
    ]) {
      const response = await session(forged);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({});
    }
    const cleared = await session(`confab_session=${'B'.repeat(43)}`);
    expect(cleared.cookies.find((c) => c.name === 'confab_session')?.value).toBe('');
  });

  it('treats an expired session as signed out', async () => {
    const { cookie, user } = await signUp(t.app);
    await t.app.database.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1 })
      .where('user_id', '=', user.id)
      .execute();
    expect((await session(cookie)).json()).toEqual({});
  });

  it('logs out: the session row is deleted and the cookie cleared', async () => {
    const { cookie, user } = await signUp(t.app);
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/_auth/session',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.cookies.find((c) => c.name === 'confab_session')?.value).toBe('');
    const rows = await t.app.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(0);
    expect((await session(cookie)).json()).toEqual({});
  });

  it('issues a new session on login and ends the one the browser held', async () => {
    const { cookie: first, user, password } = await signUp(t.app);
    const again = await login(user.username, password, first);
    const second = sessionCookieFrom(again);
    expect(second).not.toBe(first);
    expect((await session(first)).json()).toEqual({});
    expect((await session(second)).json()).toMatchObject({ user: { id: user.id } });
  });

  it('keeps the current session when a login attempt fails', async () => {
    const { cookie } = await signUp(t.app);
    await login('nobody_here', 'wrong password', cookie);
    expect((await session(cookie)).json()).toMatchObject({ user: expect.any(Object) });
  });
});
