import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SessionCache } from '../../src/services/session-cache';
import { databaseTargets } from '../helpers/database-targets';
import { connect, listen } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { sessionCookieFrom, signUp } from '../helpers/users';

// A session read is reused for SESSION_CACHE_MS: what this node ends is refused at once, what
// another node or the operator ends is refused once that time has passed.
describe.each(databaseTargets)('sessions read moments ago, on $engine', (target) => {
  const cacheMs = 400;
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startTestApp(target, { sessionCacheMs: cacheMs });
    url = await listen(t.app);
  });
  afterAll(() => t?.close());

  const whoIs = async (cookie: string) =>
    (await t.app.inject({ url: '/api/_auth/session', headers: { cookie } })).json<{
      user?: { id: string; role: string };
    }>().user;
  const login = async (username: string, password: string) =>
    sessionCookieFrom(
      await t.app.inject({
        method: 'POST',
        url: '/api/_auth/login',
        payload: { username, password },
      }),
    );

  it('a sign-out is refused on the very next request, though the session was just read', async () => {
    const { user, cookie } = await signUp(t.app);
    expect((await whoIs(cookie))?.id).toBe(user.id);
    const out = await t.app.inject({
      method: 'DELETE',
      url: '/api/_auth/session',
      headers: { cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(await whoIs(cookie)).toBeUndefined();
  });

  it('a password change ends the other devices at once, though they were just read', async () => {
    const { user, cookie, password } = await signUp(t.app);
    const otherDevice = await login(user.username, password);
    expect((await whoIs(otherDevice))?.id).toBe(user.id);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/_auth/password',
      headers: { cookie },
      payload: { currentPassword: password, newPassword: 'another long secret' },
    });
    expect(changed.statusCode).toBe(200);
    expect(await whoIs(otherDevice)).toBeUndefined();
    expect((await whoIs(sessionCookieFrom(changed)))?.id).toBe(user.id);
  });

  it('"sign out everywhere" ends a session just read on another device at once', async () => {
    const { user, cookie, password } = await signUp(t.app);
    const otherDevice = await login(user.username, password);
    expect((await whoIs(otherDevice))?.id).toBe(user.id);
    const ended = await t.app.inject({
      method: 'DELETE',
      url: '/api/_auth/sessions',
      headers: { cookie },
    });
    expect(ended.statusCode).toBe(200);
    expect(await whoIs(otherDevice)).toBeUndefined();
  });

  it('a session deleted without this node (another node, the operator) is refused within the cache time', async () => {
    const { user, cookie } = await signUp(t.app);
    expect((await whoIs(cookie))?.id).toBe(user.id);
    const deletedAt = Date.now();
    await t.app.database.db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    await vi.waitFor(async () => expect(await whoIs(cookie)).toBeUndefined(), {
      timeout: cacheMs * 10,
      interval: 50,
    });
    expect(Date.now() - deletedAt).toBeLessThan(cacheMs * 10);
  });

  it('opens no socket with a session deleted without this node, though a request just read it', async () => {
    const { user, cookie } = await signUp(t.app);
    expect((await whoIs(cookie))?.id).toBe(user.id);
    await t.app.database.db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    await expect(connect(url, { cookie })).rejects.toMatchObject({
      data: { code: 'UNAUTHENTICATED' },
    });
  });

  it('a role changed in the database by the operator reaches the session within the cache time', async () => {
    const { user, cookie } = await signUp(t.app);
    expect((await whoIs(cookie))?.role).toBe('user');
    await t.app.database.db
      .updateTable('users')
      .set({ role: 'admin' })
      .where('id', '=', user.id)
      .execute();
    await vi.waitFor(async () => expect((await whoIs(cookie))?.role).toBe('admin'), {
      timeout: cacheMs * 10,
      interval: 50,
    });
  });
});

describe.each(databaseTargets)('with SESSION_CACHE_MS=0, on $engine', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target, { sessionCacheMs: 0 });
  });
  afterAll(() => t?.close());

  it('a session deleted without this node is refused on the next request', async () => {
    const { user, cookie } = await signUp(t.app);
    const whoIs = async () =>
      (await t.app.inject({ url: '/api/_auth/session', headers: { cookie } })).json<{
        user?: { id: string };
      }>().user;
    expect((await whoIs())?.id).toBe(user.id);
    await t.app.database.db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
    expect(await whoIs()).toBeUndefined();
  });
});

describe('SessionCache', () => {
  const session = (sessionId: string, userId: string, expiresAt = 10_000) => ({
    user: { id: userId, username: userId, email: `${userId}@example.com`, role: 'user' as const },
    sessionId,
    loggedInAt: 0,
    lastSeenAt: 0,
    expiresAt,
  });

  it('keeps a read for its time, never past the session’s expiry', () => {
    let clock = 0;
    const cache = new SessionCache(1000, 100, () => clock);
    cache.set(session('a', 'u1'), 0, cache.mark());
    cache.set(session('b', 'u2', 500), 0, cache.mark());
    clock = 999;
    expect(cache.get('a', 999)?.user.id).toBe('u1');
    expect(cache.get('b', 499)?.user.id).toBe('u2');
    expect(cache.get('b', 500)).toBeUndefined();
    clock = 1000;
    expect(cache.get('a', 1000)).toBeUndefined();
  });

  it('measures its time on its own clock: the wall clock stepping back does not stretch it', () => {
    let clock = 0;
    const cache = new SessionCache(1000, 100, () => clock);
    cache.set(session('a', 'u1'), 5000, cache.mark());
    clock = 1000;
    // The wall clock went back an hour meanwhile.
    expect(cache.get('a', 5000 - 3_600_000)).toBeUndefined();
  });

  it('forgets one session, or every session of a user', () => {
    const cache = new SessionCache(1000);
    cache.set(session('a', 'u1'), 0, cache.mark());
    cache.set(session('b', 'u1'), 0, cache.mark());
    cache.set(session('c', 'u2'), 0, cache.mark());
    cache.forget('c');
    expect(cache.get('c', 1)).toBeUndefined();
    cache.forgetUser('u1');
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)).toBeUndefined();
  });

  it('holds at most its number of sessions, dropping the oldest read', () => {
    const cache = new SessionCache(1000, 2);
    cache.set(session('a', 'u1'), 0, cache.mark());
    cache.set(session('b', 'u2'), 0, cache.mark());
    cache.set(session('c', 'u3'), 0, cache.mark());
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)?.user.id).toBe('u2');
    expect(cache.get('c', 1)?.user.id).toBe('u3');
  });

  it('does not keep a read begun before a session ended (a sign-out racing a request)', () => {
    const cache = new SessionCache(1000);
    const since = cache.mark();
    // The request read the session; the sign-out committed and was forgotten before it came back.
    cache.forget('a');
    cache.set(session('a', 'u1'), 0, since);
    expect(cache.get('a', 1)).toBeUndefined();
    // The next read, begun after the sign-out, would not find the session; any other is kept.
    cache.set(session('b', 'u2'), 0, cache.mark());
    expect(cache.get('b', 1)?.user.id).toBe('u2');
  });

  it('keeps nothing when its time is 0', () => {
    const cache = new SessionCache(0);
    cache.set(session('a', 'u1'), 0, cache.mark());
    expect(cache.get('a', 0)).toBeUndefined();
  });
});
