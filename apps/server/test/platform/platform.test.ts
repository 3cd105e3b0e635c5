import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { newAccount } from '../helpers/users';

describe('platform routes', () => {
  let t: TestApp;
  let web: string;
  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), 'confab-web-'));
    mkdirSync(join(web, 'assets'));
    mkdirSync(join(web, 'builds', 'meta'), { recursive: true });
    writeFileSync(
      join(web, 'index.html'),
      '<!doctype html><title>Confab</title><div id="root"></div>',
    );
    writeFileSync(
      join(web, 'sign-in.html'),
      '<!doctype html><title>Confab</title><div id="root" data-page="sign-in"></div>',
    );
    writeFileSync(join(web, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(web, 'builds', 'latest.json'), '{"id":"b1","timestamp":1}');
    writeFileSync(join(web, 'builds', 'meta', 'b1.json'), '{"id":"b1","timestamp":1}');
    writeFileSync(
      join(web, 'sw.js'),
      `self.addEventListener('fetch', () => {});${' '.repeat(2000)}`,
    );
    writeFileSync(join(web, 'sw.js.br'), brotliCompressSync(readFileSync(join(web, 'sw.js'))));
    writeFileSync(join(web, 'manifest.webmanifest'), '{"name":"Confab","display":"standalone"}');
    t = await startTestApp(undefined, { webDistDir: web });
  });
  afterAll(async () => {
    await t.close();
    rmSync(web, { recursive: true, force: true });
  });

  it('answers health with ok and the registered services', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ ok: boolean; services: { id: string }[] }>();
    expect(body.ok).toBe(true);
    expect(body.services.map((s) => s.id).sort()).toEqual(['chat-agent', 'chat-social-msg']);
  });

  it('answers unknown /api paths with a JSON 404', async () => {
    for (const url of ['/api/nope', '/api/_auth/nope?x=1', '/api']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(response.json()).toMatchObject({
        statusCode: 404,
        message: expect.stringContaining('not found'),
      });
    }
    const post = await t.app.inject({ method: 'POST', url: '/api/nothing', payload: {} });
    expect(post.statusCode).toBe(404);
  });

  it('serves the web app for any other path, uncached, so its router shows the page', async () => {
    for (const url of ['/', '/agents/mindBox', '/no/such/page?x=1']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves the sign-in page, uncached, for the sign-in and registration paths as the guard reads them', async () => {
    for (const url of [
      '/public/login',
      '/public/register',
      '/public/login?redirect=%2Fcontacts%3Ftab%3Dadd',
      '/public/register/?redirect=%2Fagents',
      '//public/login',
      '/public/%6Cogin',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).toContain('data-page="sign-in"');
      expect(response.headers['cache-control'], url).toBe('no-cache');
    }
  });

  it('serves the app, not the sign-in page, for every other path', async () => {
    for (const url of [
      '/public/logins',
      '/public/login/extra',
      '/PUBLIC/login',
      '/public%2Flogin',
      '/x?next=/public/login',
      '/sign-in.html',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body, url).not.toContain('data-page="sign-in"');
      expect(response.body, url).toContain('<div id="root">');
    }
  });

  it('caches hashed assets for a year and the build files not at all', async () => {
    const asset = await t.app.inject({ url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const latest = await t.app.inject({ url: '/builds/latest.json' });
    expect(latest.json()).toEqual({ id: 'b1', timestamp: 1 });
    expect(latest.headers['cache-control']).toBe('no-cache');
    expect((await t.app.inject({ url: '/builds/meta/b1.json' })).statusCode).toBe(200);
  });

  it('serves the service worker uncached (a new build is seen at once), compressed, under a CSP that lets it run', async () => {
    const worker = await t.app.inject({ url: '/sw.js', headers: { 'accept-encoding': 'br' } });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-encoding']).toBe('br');
    // Workers fall back to script-src, which is 'self': the worker's own origin.
    const csp = String(worker.headers['content-security-policy']);
    expect(csp).not.toMatch(/worker-src/);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    // The page names its manifest; manifest-src falls back to default-src 'self'.
    const manifest = await t.app.inject({ url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.json()).toMatchObject({ name: 'Confab', display: 'standalone' });
  });

  it('sends the security headers, with a CSP that forbids inline scripts', async () => {
    const response = await t.app.inject({ url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toContain("unsafe-inline' ;script");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('refuses a state-changing request from a foreign origin', async () => {
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/_auth/register',
      headers: { origin: 'https://evil.example' },
      payload: newAccount(),
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ code: 'FORBIDDEN' });
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/_auth/register',
      headers: { origin: 'http://localhost:80', host: 'localhost:80' },
      payload: newAccount(),
    });
    expect(same.statusCode).toBe(201);
  });
});

describe('behind an HTTPS proxy', () => {
  it('marks the session cookie Secure', async () => {
    const t = await startTestApp(undefined, { trustProxy: 1 });
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/_auth/register',
        headers: { 'x-forwarded-proto': 'https' },
        payload: newAccount(),
      });
      expect(response.cookies.find((c) => c.name === 'confab_session')?.secure).toBe(true);
    } finally {
      await t.close();
    }
  });
});

describe('without a built web app', () => {
  it('still serves the API and answers other paths with a 404', async () => {
    const t = await startTestApp();
    try {
      expect((await t.app.inject({ url: '/api/health' })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/contacts' })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
