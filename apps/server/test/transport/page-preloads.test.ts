import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';

/** A built web app: its two documents and the build's table of each page's files. */
function webDir(table: string): string {
  const web = mkdtempSync(join(tmpdir(), 'confab-web-'));
  mkdirSync(join(web, 'assets'));
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>Confab</title>');
  writeFileSync(join(web, 'sign-in.html'), '<!doctype html><title>Sign in</title>');
  writeFileSync(join(web, 'assets', 'page-1a2b.js'), 'export {};');
  writeFileSync(join(web, 'page-preloads.json'), table);
  return web;
}

const session = { cookie: 'confab_session=any' };
/** The session's read, with which every page of the app starts. */
const sessionRead = '</api/_auth/session>; rel=preload; as=fetch; crossorigin';

// A signed-in page's first load: its files are named in the document's Link header, so the
// browser fetches them beside the app's own scripts rather than once those have run.
describe("a page's files in its document's Link header", () => {
  let t: TestApp;
  let web: string;
  beforeAll(async () => {
    web = webDir(
      JSON.stringify({
        '/agents/mindBox': ['/assets/page-1a2b.js', '/assets/layout-3c4d.js'],
        '/contacts': ['/assets/contacts-5e6f.js'],
      }),
    );
    t = await startTestApp(undefined, { webDistDir: web });
  });
  afterAll(async () => {
    await t.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('names them, as module preloads, for a visitor with a session', async () => {
    // Read as the router reads a path: these all show the AI chat.
    for (const url of [
      '/agents/mindBox',
      '/agents/mindBox?chat=1',
      '/agents/mindBox/',
      '//agents/%6DindBox',
    ]) {
      const response = await t.app.inject({ url, headers: session });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<title>Confab</title>');
      expect(response.headers.link).toBe(
        `${sessionRead}, ` +
          '</assets/page-1a2b.js>; rel=modulepreload; crossorigin, ' +
          '</assets/layout-3c4d.js>; rel=modulepreload; crossorigin',
      );
    }
    const head = await t.app.inject({ method: 'HEAD', url: '/contacts', headers: session });
    expect(head.headers.link).toBe(
      `${sessionRead}, </assets/contacts-5e6f.js>; rel=modulepreload; crossorigin`,
    );
  });

  it('names nothing to a visitor without a session, who is sent to sign in', async () => {
    const response = await t.app.inject({ url: '/agents/mindBox' });
    expect(response.statusCode).toBe(200);
    expect(response.headers.link).toBeUndefined();
  });

  // Both documents read the session first (the sign-in page to send a signed-in visitor on):
  // asked for beside the document's scripts, not once they have run, about 200 ms sooner over
  // a slow link.
  it('names only the session read for a page the table does not list and the sign-in page', async () => {
    for (const url of ['/agents/mindbox', '/socialChatRoom', '/public/login', '/public/register']) {
      const response = await t.app.inject({ url, headers: session });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers.link, url).toBe(sessionRead);
    }
  });

  it('names nothing with a file or an API reply', async () => {
    for (const url of ['/assets/page-1a2b.js', '/api/nothing', '/api/_auth/session']) {
      const response = await t.app.inject({ url, headers: session });
      expect(response.headers.link, url).toBeUndefined();
    }
  });

  it('does not serve the table itself', async () => {
    const response = await t.app.inject({ url: '/page-preloads.json', headers: session });
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).not.toContain('/assets/page-1a2b.js');
  });
});

describe('a table the server cannot use', () => {
  it('is left out, entry by entry, and the pages are still served', async () => {
    for (const table of [
      '{ not json',
      '[]',
      JSON.stringify({ '/agents/mindBox': 'not a list' }),
      JSON.stringify({
        '/agents/mindBox': ['https://elsewhere.example/x.js', '/assets/a.js>; rel=preload', '/x'],
      }),
    ]) {
      const web = webDir(table);
      const t = await startTestApp(undefined, { webDistDir: web });
      try {
        const response = await t.app.inject({ url: '/agents/mindBox', headers: session });
        expect(response.statusCode, table).toBe(200);
        expect(response.body).toContain('<title>Confab</title>');
        expect(response.headers.link, table).toBe(sessionRead);
      } finally {
        await t.close();
        rmSync(web, { recursive: true, force: true });
      }
    }
  });
});
