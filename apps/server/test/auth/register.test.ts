import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../helpers/database-targets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { newAccount, sessionCookieFrom, signUp } from '../helpers/users';

describe.each(databaseTargets)('registration on $engine', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  const register = (payload: unknown, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/_auth/register',
      payload: payload as object,
      headers,
    });
  const userCount = async () => {
    const row = await t.app.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };

  it('creates the account, signs the visitor in with an httpOnly SameSite=Lax cookie', async () => {
    const account = newAccount();
    const response = await register(account);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({
      user: { username: account.username, email: account.email, role: 'user' },
    });
    const cookie = response.cookies.find((c) => c.name === 'confab_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.secure).toBeFalsy();

    const session = await t.app.inject({
      url: '/api/_auth/session',
      headers: { cookie: sessionCookieFrom(response) },
    });
    expect(session.json()).toMatchObject({ user: { username: account.username } });
    expect(Date.parse(session.json<{ loggedInAt: string }>().loggedInAt)).not.toBeNaN();
  });

  it('never stores the password or the session token in clear', async () => {
    const account = newAccount();
    const response = await register(account);
    const token = response.cookies.find((c) => c.name === 'confab_session')!.value;
    const user = await t.app.database.db
      .selectFrom('users')
      .selectAll()
      .where('username', '=', account.username)
      .executeTakeFirstOrThrow();
    expect(user.password_hash).not.toContain(account.password);
    expect(user.password_hash).toMatch(/^scrypt\$/);
    const sessions = await t.app.database.db.selectFrom('sessions').select('id').execute();
    expect(sessions.map((s) => s.id)).not.toContain(token);
  });

  const invalid: [string, unknown, string][] = [
    ['an empty username', { ...newAccount(), username: '' }, 'username'],
    ['a username over 32 characters', { ...newAccount(), username: 'a'.repeat(33) }, 'username'],
    ['a username with spaces', { ...newAccount(), username: 'two words' }, 'username'],
    ['a username with markup', { ...newAccount(), username: '<b>x</b>' }, 'username'],
    ['an invalid e-mail', { ...newAccount(), email: 'not-an-email' }, 'email'],
    ['a password under 8 characters', { ...newAccount(), password: 'short' }, 'password'],
    ['a missing password', { username: 'someone', email: 'someone@example.com' }, 'password'],
    ['a non-string username', { ...newAccount(), username: 42 }, 'username'],
  ];
  it.each(invalid)(
    'refuses %s with a field message and stores nothing',
    async (_name, body, field) => {
      const before = await userCount();
      const response = await register(body);
      expect(response.statusCode).toBe(400);
      const reply = response.json<{
        code: string;
        message: string;
        fields: Record<string, string>;
      }>();
      expect(reply.code).toBe('VALIDATION_ERROR');
      expect(reply.fields[field]).toEqual(expect.any(String));
      expect(reply.message.length).toBeGreaterThan(0);
      expect(response.cookies).toHaveLength(0);
      expect(await userCount()).toBe(before);
    },
  );

  it('accepts a username of exactly 32 characters', async () => {
    const response = await register(newAccount({ username: `u${Date.now()}`.padEnd(32, 'x') }));
    expect(response.statusCode).toBe(201);
  });

  it('refuses a taken username or e-mail, whatever their case', async () => {
    const { user } = await signUp(t.app);
    const before = await userCount();

    const sameName = await register(newAccount({ username: user.username.toUpperCase() }));
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json()).toMatchObject({
      code: 'CONFLICT',
      fields: { username: expect.any(String) },
    });

    const sameEmail = await register(newAccount({ email: user.email.toUpperCase() }));
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({
      code: 'CONFLICT',
      fields: { email: expect.any(String) },
    });
    expect(await userCount()).toBe(before);
  });

  it('stores one account when two registrations race for one name', async () => {
    const account = newAccount();
    const replies = await Promise.all([
      register(account),
      register({ ...account, email: `x${account.email}` }),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it.each([
    ['an array', '[1,2]'],
    ['a string', '"hello"'],
    ['a number', '12'],
    ['null', 'null'],
  ])('refuses a JSON body that is %s', async (_name, raw) => {
    const before = await userCount();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/_auth/register',
      headers: { 'content-type': 'application/json' },
      payload: raw,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ statusCode: 400, code: 'VALIDATION_ERROR' });
    expect(await userCount()).toBe(before);
  });

  it('refuses malformed JSON with a readable message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/_auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'The request body is not valid JSON' });
  });

  it('refuses a body over 1 MiB', async () => {
    const before = await userCount();
    const response = await register({ ...newAccount(), padding: 'x'.repeat(1024 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(await userCount()).toBe(before);
  });

  it('refuses unknown fields instead of ignoring them', async () => {
    const response = await register({ ...newAccount(), role: 'admin' });
    expect(response.statusCode).toBe(400);
  });
});
