import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { eventually } from '../helpers/mcp';
import { newAccount, signUp } from '../helpers/users';

describe('sign-in rate limits', () => {
  let t: TestApp | undefined;
  afterEach(() => t?.close());

  it('limits login attempts per IP address with a retry-after', async () => {
    t = await startTestApp(undefined, { rateLimits: { loginPerIpPerMinute: 3 } });
    const attempt = () =>
      t!.app.inject({
        method: 'POST',
        url: '/api/_auth/login',
        payload: { username: 'x', password: 'y' },
      });
    for (let i = 0; i < 3; i += 1) expect((await attempt()).statusCode).toBe(401);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ statusCode: 429, code: 'RATE_LIMITED' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('locks an account after repeated failures, even for the right password', async () => {
    t = await startTestApp(undefined, { rateLimits: { loginFailuresPerAccount: 3 } });
    const { user, password } = await signUp(t.app);
    const login = (pw: string) =>
      t!.app.inject({
        method: 'POST',
        url: '/api/_auth/login',
        payload: { username: user.username, password: pw },
      });
    for (let i = 0; i < 3; i += 1) expect((await login('wrong password')).statusCode).toBe(401);
    const locked = await login(password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json<{ message: string }>().message).toMatch(/Too many failed sign-in attempts/);
    // Another account from the same address is not affected.
    const other = await signUp(t.app);
    const fine = await t.app.inject({
      method: 'POST',
      url: '/api/_auth/login',
      payload: { username: other.user.username, password: other.password },
    });
    expect(fine.statusCode).toBe(200);
  });

  it('limits registrations per IP address', async () => {
    t = await startTestApp(undefined, { rateLimits: { registerPerIpPerHour: 2 } });
    const register = () =>
      t!.app.inject({ method: 'POST', url: '/api/_auth/register', payload: newAccount() });
    expect((await register()).statusCode).toBe(201);
    expect((await register()).statusCode).toBe(201);
    expect((await register()).statusCode).toBe(429);
  });
});

describe('failed sign-ins count per account and client address', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const stranger = '198.51.100.66';
  const owner = '203.0.113.5';
  const loginFrom = (remoteAddress: string, username: string, password: string) =>
    t!.app.inject({
      method: 'POST',
      url: '/api/_auth/login',
      remoteAddress,
      payload: { username, password },
    });

  it('counts the username and the e-mail of one account together', async () => {
    t = await startTestApp(undefined, { rateLimits: { loginFailuresPerAccount: 3 } });
    const { user, password } = await signUp(t.app);
    expect((await loginFrom(owner, user.username, 'wrong one')).statusCode).toBe(401);
    expect((await loginFrom(owner, user.email, 'wrong two')).statusCode).toBe(401);
    expect((await loginFrom(owner, user.username.toUpperCase(), 'wrong three')).statusCode).toBe(
      401,
    );
    const locked = await loginFrom(owner, user.email, password);
    expect(locked.statusCode).toBe(429);
    expect(locked.json<{ message: string }>().message).toMatch(/Too many failed sign-in attempts/);
  });

  it('does not let a stranger keep the owner out', async () => {
    t = await startTestApp(undefined, {
      rateLimits: {
        loginFailuresPerAccount: 3,
        loginSlowdownAfterFailures: 3,
        loginDelayMs: 50,
        loginMaxDelayMs: 200,
      },
    });
    const { user, password } = await signUp(t.app);
    // The stranger guesses until refused, and goes on being refused.
    for (let i = 0; i < 3; i += 1) {
      expect((await loginFrom(stranger, user.username, `guess ${i}`)).statusCode).toBe(401);
    }
    const refused = await loginFrom(stranger, user.username, password);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(60);
    // The owner, from their own address, is asked to wait a moment at most, then let in.
    const signedIn = await eventually(async () => {
      const response = await loginFrom(owner, user.username, password);
      if (response.statusCode === 200) return response;
      expect(response.statusCode).toBe(429);
      expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(1);
      return false;
    }, 50);
    expect(signedIn.json()).toMatchObject({ user: { id: user.id } });
    // The stranger's address is still locked out of the account.
    expect((await loginFrom(stranger, user.username, password)).statusCode).toBe(429);
  });

  it('makes every attempt on the account wait once failures from all addresses add up', async () => {
    t = await startTestApp(undefined, {
      rateLimits: {
        loginFailuresPerAccount: 3,
        loginSlowdownAfterFailures: 4,
        loginDelayMs: 60_000,
        loginMaxDelayMs: 600_000,
      },
    });
    const { user, password } = await signUp(t.app);
    // Two guesses from each of two addresses: under each address's own lock.
    for (const address of ['198.51.100.1', '198.51.100.2']) {
      for (let i = 0; i < 2; i += 1) {
        expect((await loginFrom(address, user.username, `guess ${i}`)).statusCode).toBe(401);
      }
    }
    // A third address, even with the right password, waits before the next attempt.
    const waiting = await loginFrom('198.51.100.3', user.email, password);
    expect(waiting.statusCode).toBe(429);
    expect(waiting.json()).toMatchObject({ code: 'RATE_LIMITED' });
    const retryAfter = Number(waiting.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
  });

  it('answers an unknown name exactly as an account', async () => {
    t = await startTestApp(undefined, {
      rateLimits: { loginFailuresPerAccount: 2, loginSlowdownAfterFailures: 1_000 },
    });
    const { user } = await signUp(t.app);
    const answers = async (username: string) => {
      const seen: Array<[number, string, string | undefined]> = [];
      for (let i = 0; i < 3; i += 1) {
        const response = await loginFrom(owner, username, 'wrong password');
        const retryAfter = response.headers['retry-after'];
        seen.push([response.statusCode, response.json<{ message: string }>().message, retryAfter]);
      }
      return seen;
    };
    expect(await answers('nobody_at_all')).toEqual(await answers(user.username));
  });

  it('keeps sign-in failures and wrong current passwords apart', async () => {
    t = await startTestApp(undefined, { rateLimits: { loginFailuresPerAccount: 3 } });
    const { user, cookie, password } = await signUp(t.app);
    // Sign-ins under a name shaped like the password change's counter lock nothing of it.
    for (let i = 0; i < 4; i += 1) {
      await loginFrom(owner, `password-change:${user.id}`, 'wrong password');
    }
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/_auth/password',
      headers: { cookie },
      payload: { currentPassword: password, newPassword: 'a brand new secret' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
  });
});
