import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig, startupWarnings, type AppConfig } from '../../src/config';
import { databaseTargets } from '../helpers/database-targets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp } from '../helpers/users';

const root = resolve(import.meta.dirname, '../../../..');
const run = promisify(execFile);

/** What ADMIN_USERNAMES still changes in the configuration, if anything. */
function configFromOldVariable(names: string): Partial<AppConfig> {
  const plain = loadConfig({}) as unknown as Record<string, unknown>;
  const withVariable = loadConfig({ ADMIN_USERNAMES: names }) as unknown as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(withVariable).filter(
      ([key, value]) => JSON.stringify(value) !== JSON.stringify(plain[key]),
    ),
  );
}

describe.each(databaseTargets)('the admin role on $engine', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target, configFromOldVariable('boss_admin'));
  });
  afterAll(() => t?.close());

  const sessionOf = async (cookie: string) =>
    (await t.app.inject({ url: '/api/_auth/session', headers: { cookie } })).json<{
      user: { role: string };
    }>().user.role;
  const adminRoute = (cookie: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/mcp/deactivate',
      headers: { cookie },
      payload: { key: 'nothing' },
    });

  it('is not given to whoever registers a name listed in ADMIN_USERNAMES', async () => {
    const claimed = await signUp(t.app, { username: 'Boss_Admin' });
    expect(claimed.user.role).toBe('user');
    expect(await sessionOf(claimed.cookie)).toBe('user');
    expect((await adminRoute(claimed.cookie)).statusCode).toBe(403);
  });

  it('is granted and revoked by the operator, and the session follows at once', async () => {
    const { user, cookie } = await signUp(t.app);
    const admins = t.app.services.admins;
    expect(await admins.grant(user.username.toUpperCase())).toMatchObject({
      username: user.username,
      role: 'admin',
    });
    expect(await sessionOf(cookie)).toBe('admin');
    expect((await adminRoute(cookie)).statusCode).not.toBe(403);
    expect((await admins.list()).map((admin) => admin.username)).toContain(user.username);
    expect(await admins.revoke(user.username)).toMatchObject({ role: 'user' });
    expect(await sessionOf(cookie)).toBe('user');
    expect((await adminRoute(cookie)).statusCode).toBe(403);
    expect((await admins.list()).map((admin) => admin.username)).not.toContain(user.username);
  });

  it('names an account that does not exist rather than creating one', async () => {
    await expect(t.app.services.admins.grant('nobody_by_that_name')).rejects.toThrow(
      /No account is named "nobody_by_that_name"/,
    );
  });
});

describe('ADMIN_USERNAMES', () => {
  it('is no longer read, and a start-up warning says to use the admin command instead', () => {
    expect(startupWarnings({})).toEqual([]);
    const [warning] = startupWarnings({ ADMIN_USERNAMES: 'boss_admin' });
    expect(warning).toMatch(/ADMIN_USERNAMES is ignored/);
    expect(warning).toMatch(/npm run admin -- grant <username>/);
  });
});

// Each run starts npm and compiles the command: seconds apiece on a busy machine.
describe('npm run admin, on a SQLite file', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  const admin = (...args: string[]) =>
    run('npm', ['run', '--silent', 'admin', '--', ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: t.config.dataDir, DATABASE_URL: '' },
    });
  const sessionRole = async (cookie: string) =>
    (await t.app.inject({ url: '/api/_auth/session', headers: { cookie } })).json<{
      user: { role: string };
    }>().user.role;

  it('grants the role to an existing account, lists it, and revokes it', async () => {
    const { user, cookie } = await signUp(t.app);
    const granted = await admin('grant', user.username);
    expect(granted.stdout).toMatch(new RegExp(`${user.username} is now an administrator`));
    expect(await sessionRole(cookie)).toBe('admin');
    expect((await admin('list')).stdout.split('\n')).toContain(user.username);
    const revoked = await admin('revoke', user.username);
    expect(revoked.stdout).toMatch(new RegExp(`${user.username} is no longer an administrator`));
    // The command runs beside the server: the server sees it once its session read is stale.
    await vi.waitFor(async () => expect(await sessionRole(cookie)).toBe('user'), {
      timeout: t.config.sessionCacheMs * 3,
      interval: 100,
    });
  }, 120_000);

  it('fails with a readable message for an unknown account or command', async () => {
    await expect(admin('grant', 'nobody_by_that_name')).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/No account is named "nobody_by_that_name"/),
    });
    await expect(admin('promote', 'someone')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/npm run admin -- grant <username>/),
    });
  }, 120_000);
});
