import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profilePaths } from '@confab/protocol/profile';
import { solidPng } from '../helpers/images';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp } from '../helpers/users';

// Each change of a name or picture is told to every contact, whose tabs then fetch the new
// picture: a loop of them would be a flood, so a user has a few a minute.
describe('profile changes per minute', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(undefined, { rateLimits: { profileChangesPerUserPerMinute: 3 } });
  });
  afterAll(() => t.close());

  it('refuses a user past their changes per minute with 429 and changes nothing; others go on', async () => {
    const { cookie } = await signUp(t.app);
    const change = (method: 'PUT' | 'DELETE', url: string, payload?: object | Buffer) =>
      t.app.inject({
        method,
        url,
        headers: {
          cookie,
          ...(Buffer.isBuffer(payload) ? { 'content-type': 'image/png' } : {}),
        },
        ...(payload ? { payload } : {}),
      });
    expect((await change('PUT', profilePaths.profile, { displayName: 'One' })).statusCode).toBe(
      200,
    );
    expect((await change('PUT', profilePaths.avatar, solidPng())).statusCode).toBe(200);
    expect((await change('DELETE', profilePaths.avatar)).statusCode).toBe(200);

    const limited = await change('PUT', profilePaths.profile, { displayName: 'Four' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).toMatch(/Too many profile changes/);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    const now = await t.app.inject({ url: profilePaths.profile, headers: { cookie } });
    expect(now.json<{ displayName: string }>().displayName).toBe('One');

    const other = await signUp(t.app);
    const theirs = await t.app.inject({
      method: 'PUT',
      url: profilePaths.profile,
      headers: { cookie: other.cookie },
      payload: { displayName: 'Bea' },
    });
    expect(theirs.statusCode).toBe(200);
  });
});
