import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
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
