import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp } from '../helpers/users';

/**
 * The router decodes a path before matching it, so `/%61pi/...` is served as `/api/...`. The
 * cross-site check and the session cookie must follow what is routed, not the raw text.
 */
describe('checks follow the routed path, however it is spelt', () => {
  let t: TestApp;
  let web: string;
  beforeAll(async () => {
    // A built web app, which answers every other GET: an API path must never fall into it.
    web = mkdtempSync(join(tmpdir(), 'confab-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><div id="root"></div>');
    t = await startTestApp(undefined, { webDistDir: web });
  });
  afterAll(async () => {
    await t.close();
    rmSync(web, { recursive: true, force: true });
  });

  const spellings = ['/api', '/%61pi', '/%61%70%69', '/a%70i'];

  it('a cross-site POST with a cookie is refused 403 under every spelling of /api', async () => {
    const alice = await signUp(t.app);
    for (const prefix of spellings) {
      const response = await t.app.inject({
        method: 'DELETE',
        url: `${prefix}/_auth/sessions`,
        headers: { cookie: alice.cookie, origin: 'https://evil.example' },
      });
      expect({ prefix, status: response.statusCode }).toEqual({ prefix, status: 403 });
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    // Nothing was ended: the session still works.
    const session = await t.app.inject({
      url: '/api/_auth/session',
      headers: { cookie: alice.cookie },
    });
    expect(session.json()).toMatchObject({ user: { id: alice.user.id } });
  });

  it('the session cookie is read under every spelling of /api', async () => {
    const alice = await signUp(t.app);
    for (const prefix of spellings) {
      const response = await t.app.inject({
        url: `${prefix}/_auth/session`,
        headers: { cookie: alice.cookie },
      });
      expect({ prefix, body: response.json() }).toMatchObject({
        prefix,
        body: { user: { id: alice.user.id } },
      });
    }
  });

  it('an unknown path under a spelling of /api is a JSON 404, not the web app', async () => {
    for (const prefix of spellings) {
      const response = await t.app.inject({ url: `${prefix}/nothing-here` });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });
});
