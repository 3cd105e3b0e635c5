import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../helpers/database-targets';
import { connect, listen } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { sessionCookieFrom, signUp } from '../helpers/users';

describe.each(databaseTargets)('account security on $engine', (target) => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startTestApp(target);
    url = await listen(t.app);
  });
  afterAll(() => t.close());

  const login = (username: string, password: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/_auth/login',
      payload: { username, password },
      headers: cookie ? { cookie } : {},
    });
  const whoIs = async (cookie: string) =>
    (await t.app.inject({ url: '/api/_auth/session', headers: { cookie } })).json<{
      user?: { id: string };
    }>().user?.id;
  const changePassword = (cookie: string, body: object) =>
    t.app.inject({
      method: 'POST',
      url: '/api/_auth/password',
      headers: { cookie },
      payload: body,
    });
  const countSessions = async (userId: string) =>
    (
      await t.app.database.db
        .selectFrom('sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n;

  it('gives a new session id on every login and ends the one the browser held', async () => {
    const { user, cookie, password } = await signUp(t.app);
    const again = await login(user.username, password, cookie);
    expect(again.statusCode).toBe(200);
    const rotated = sessionCookieFrom(again);
    expect(rotated).not.toBe(cookie);
    expect(await whoIs(rotated)).toBe(user.id);
    expect(await whoIs(cookie)).toBeUndefined();
    expect(Number(await countSessions(user.id))).toBe(1);
  });

  it('changes the password: other sessions end, this one continues under a new token', async () => {
    const { user, cookie, password } = await signUp(t.app);
    const otherDevice = sessionCookieFrom(await login(user.username, password));
    const changed = await changePassword(cookie, {
      currentPassword: password,
      newPassword: 'a brand new secret',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ user: { id: user.id }, endedSessions: 1 });
    const rotated = sessionCookieFrom(changed);
    expect(rotated).not.toBe(cookie);
    expect(await whoIs(rotated)).toBe(user.id);
    expect(await whoIs(cookie)).toBeUndefined();
    expect(await whoIs(otherDevice)).toBeUndefined();
    expect((await login(user.username, password)).statusCode).toBe(401);
    expect((await login(user.username, 'a brand new secret')).statusCode).toBe(200);
  });

  it('refuses a wrong current password and changes nothing', async () => {
    const { user, cookie, password } = await signUp(t.app);
    const wrong = await changePassword(cookie, {
      currentPassword: 'not my password',
      newPassword: 'a brand new secret',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      fields: { currentPassword: 'The current password is wrong' },
    });
    expect(wrong.cookies).toHaveLength(0);
    expect(await whoIs(cookie)).toBe(user.id);
    expect((await login(user.username, password)).statusCode).toBe(200);
  });

  it.each([
    [{ currentPassword: 'x', newPassword: 'short' }, 'newPassword'],
    [{ newPassword: 'long enough' }, 'currentPassword'],
    [{ currentPassword: 'same one here', newPassword: 'same one here' }, 'newPassword'],
  ])('refuses %j with a message on %s', async (body, field) => {
    const { cookie } = await signUp(t.app);
    const response = await changePassword(cookie, body);
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: Record<string, string> }>().fields[field]).toBeTruthy();
  });

  it('needs a signed-in user to change a password or end sessions', async () => {
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/_auth/password',
      payload: { currentPassword: 'x', newPassword: 'long enough' },
    });
    expect(change.statusCode).toBe(401);
    const end = await t.app.inject({ method: 'DELETE', url: '/api/_auth/sessions' });
    expect(end.statusCode).toBe(401);
  });

  it('signs out everywhere: every session ends, the cookie is cleared, sockets close', async () => {
    const { user, cookie, password } = await signUp(t.app);
    const otherDevice = sessionCookieFrom(await login(user.username, password));
    const bystander = await signUp(t.app);
    const mine = await connect(url, { cookie: otherDevice });
    const theirs = await connect(url, { cookie: bystander.cookie });
    const closed = new Promise<string>((resolve) => mine.once('disconnect', resolve));
    const response = await t.app.inject({
      method: 'DELETE',
      url: '/api/_auth/sessions',
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, endedSessions: 2 });
    const cleared = response.cookies.find((c) => c.name === 'confab_session');
    expect(cleared?.value).toBe('');
    expect(await closed).toBe('io server disconnect');
    expect(await whoIs(cookie)).toBeUndefined();
    expect(await whoIs(otherDevice)).toBeUndefined();
    expect(Number(await countSessions(user.id))).toBe(0);
    // Someone else's session and socket are untouched.
    expect(theirs.connected).toBe(true);
    expect(await whoIs(bystander.cookie)).toBe(bystander.user.id);
    theirs.close();
    await expect(connect(url, { cookie: otherDevice })).rejects.toMatchObject({
      data: { code: 'UNAUTHENTICATED' },
    });
  });

  it("closes the user's sockets on a password change", async () => {
    const { cookie, password } = await signUp(t.app);
    const socket = await connect(url, { cookie });
    const closed = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const changed = await changePassword(cookie, {
      currentPassword: password,
      newPassword: 'a brand new secret',
    });
    expect(changed.statusCode).toBe(200);
    expect(await closed).toBe('io server disconnect');
    const reconnected = await connect(url, { cookie: sessionCookieFrom(changed) });
    expect(reconnected.connected).toBe(true);
    reconnected.close();
  });
});

describe('password change limits', () => {
  it('locks the change after repeated wrong current passwords', async () => {
    const t = await startTestApp(undefined, { rateLimits: { loginFailuresPerAccount: 2 } });
    try {
      const { cookie, password } = await signUp(t.app);
      const attempt = (currentPassword: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/_auth/password',
          headers: { cookie },
          payload: { currentPassword, newPassword: 'a brand new secret' },
        });
      expect((await attempt('wrong one')).statusCode).toBe(400);
      expect((await attempt('wrong two')).statusCode).toBe(400);
      const locked = await attempt(password);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    } finally {
      await t.close();
    }
  });
});
