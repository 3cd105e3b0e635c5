import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseTargets } from '../helpers/database-targets';
import { connect, listen, type ClientSocket } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp } from '../helpers/users';

/**
 * A socket is authorised by the session it was opened with, so it must close when that session
 * ends, however it ends: a new sign-in in the same browser, sign-out, a password change, "sign
 * out everywhere", expiry, or a row deleted behind the app's back (the periodic check).
 */
describe.each(databaseTargets)('a socket lives no longer than its session ($engine)', (target) => {
  let t: TestApp;
  let url: string;
  const open: ClientSocket[] = [];

  beforeAll(async () => {
    t = await startTestApp(target, { socketSessionCheckMs: 100 });
    url = await listen(t.app);
  });
  afterEach(() => {
    for (const socket of open.splice(0)) socket.close();
  });
  afterAll(() => t.close());

  async function tab(cookie: string) {
    const socket = await connect(url, { cookie });
    open.push(socket);
    return socket;
  }
  const closed = (socket: ClientSocket) =>
    new Promise<string>((resolve) => socket.once('disconnect', resolve));
  /** A round trip that only a connected, authorised socket completes. */
  const stillServed = (socket: ClientSocket) =>
    socket.timeout(10_000).emitWithAck('join_chats', { chatIds: [] });

  it('signing in again in the same browser closes the old session’s sockets', async () => {
    const alice = await signUp(t.app);
    const old = await tab(alice.cookie);
    const oldClosed = closed(old);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/_auth/login',
      headers: { cookie: alice.cookie },
      payload: { username: alice.user.username, password: alice.password },
    });
    expect(login.statusCode).toBe(200);
    expect(await oldClosed).toBe('io server disconnect');
  });

  it('signing out closes the session’s sockets and leaves the user’s other sessions alone', async () => {
    const alice = await signUp(t.app);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/_auth/login',
      payload: { username: alice.user.username, password: alice.password },
    });
    const otherCookie = `confab_session=${other.cookies.find((c) => c.name === 'confab_session')!.value}`;
    const here = await tab(alice.cookie);
    const elsewhere = await tab(otherCookie);
    const hereClosed = closed(here);
    await t.app.inject({
      method: 'DELETE',
      url: '/api/_auth/session',
      headers: { cookie: alice.cookie },
    });
    expect(await hereClosed).toBe('io server disconnect');
    expect(await stillServed(elsewhere)).toEqual({ ok: true, data: { chatIds: [] } });
  });

  it('a password change and "sign out everywhere" close every socket of the user', async () => {
    const alice = await signUp(t.app);
    const first = await tab(alice.cookie);
    const firstClosed = closed(first);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/_auth/password',
      headers: { cookie: alice.cookie },
      payload: { currentPassword: alice.password, newPassword: 'another horse battery' },
    });
    expect(change.statusCode).toBe(200);
    expect(await firstClosed).toBe('io server disconnect');

    const cookie = `confab_session=${change.cookies.find((c) => c.name === 'confab_session')!.value}`;
    const second = await tab(cookie);
    const secondClosed = closed(second);
    const everywhere = await t.app.inject({
      method: 'DELETE',
      url: '/api/_auth/sessions',
      headers: { cookie },
    });
    expect(everywhere.statusCode).toBe(200);
    expect(await secondClosed).toBe('io server disconnect');
  });

  it('an expired session’s sockets are closed by the periodic check; a live one’s stay', async () => {
    const alice = await signUp(t.app);
    const bob = await signUp(t.app);
    const expiring = await tab(alice.cookie);
    const live = await tab(bob.cookie);
    const expiringClosed = closed(expiring);
    await t.app.database.db
      .updateTable('sessions')
      .set({ expires_at: Date.now() - 1 })
      .where('user_id', '=', alice.user.id)
      .execute();
    expect(await expiringClosed).toBe('io server disconnect');
    expect(await stillServed(live)).toEqual({ ok: true, data: { chatIds: [] } });
  });

  it('a session deleted without the app (another node, an operator) loses its sockets', async () => {
    const alice = await signUp(t.app);
    const socket = await tab(alice.cookie);
    const socketClosed = closed(socket);
    await t.app.database.db.deleteFrom('sessions').where('user_id', '=', alice.user.id).execute();
    expect(await socketClosed).toBe('io server disconnect');
  });
});
