import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp } from '../helpers/users';

/** The CSP as a map of directive to its sources. */
function cspOf(response: LightMyRequestResponse): Map<string, string[]> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('security headers', () => {
  let t: TestApp;
  let web: string;
  let cookie: string;
  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), 'confab-web-'));
    mkdirSync(join(web, 'assets'));
    writeFileSync(
      join(web, 'index.html'),
      '<!doctype html><title>Confab</title><div id="root"></div><script type="module" src="/assets/index-abc.js"></script>',
    );
    writeFileSync(join(web, 'assets', 'index-abc.js'), 'console.log(1)');
    writeFileSync(join(web, 'assets', 'index-abc.css'), 'body{margin:0}');
    writeFileSync(join(web, 'assets', 'index-abc.css.br'), brotliCompressSync('body{margin:0}'));
    writeFileSync(join(web, 'assets', 'markdown.worker-abc.js'), 'onmessage=()=>{}');
    writeFileSync(join(web, 'assets', 'logo-abc.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await startTestApp(undefined, { webDistDir: web });
    cookie = (await signUp(t.app)).cookie;
  });
  afterAll(async () => {
    await t.close();
    rmSync(web, { recursive: true, force: true });
  });

  const responses = () =>
    [
      ['the HTML page', t.app.inject({ url: '/' })],
      ['a page of the web app', t.app.inject({ url: '/contacts' })],
      // A worker runs under the policy its script comes with; an SVG opened on its own is a
      // document that could run script.
      ['a worker script', t.app.inject({ url: '/assets/markdown.worker-abc.js' })],
      ['an image', t.app.inject({ url: '/assets/logo-abc.svg' })],
      ['an API reply', t.app.inject({ url: '/api/_auth/session', headers: { cookie } })],
      ['an API error', t.app.inject({ url: '/api/mcp/tools' })],
      ['an unknown API path', t.app.inject({ url: '/api/nothing' })],
      [
        'a refused body',
        t.app.inject({ method: 'POST', url: '/api/_auth/login', payload: { nope: 1 } }),
      ],
    ] as const;

  it('sends a CSP that allows scripts from the app only: no inline scripts, no eval', async () => {
    for (const [what, pending] of responses()) {
      const response = await pending;
      const csp = cspOf(response);
      expect(csp.get('script-src'), what).toEqual(["'self'"]);
      expect(csp.get('default-src'), what).toEqual(["'self'"]);
      expect(csp.get('object-src'), what).toEqual(["'none'"]);
      expect(csp.get('base-uri'), what).toEqual(["'self'"]);
      expect(csp.get('frame-ancestors'), what).toEqual(["'self'"]);
      expect(csp.get('form-action'), what).toEqual(["'self'"]);
      expect(csp.get('script-src-attr'), what).toEqual(["'none'"]);
      const all = [...csp.values()].flat();
      expect(all, what).not.toContain("'unsafe-eval'");
      // Inline styles stay allowed (React style attributes); inline scripts never are.
      for (const directive of ['script-src', 'default-src', 'script-src-attr'])
        expect(csp.get(directive), `${what}: ${directive}`).not.toContain("'unsafe-inline'");
    }
  });

  it('lets images come only from the app, data: and blob: URLs: no request to another host by itself', async () => {
    // An image address in a model reply could carry the conversation to any host (prompt
    // injection); the page must not load one without the user opening it.
    for (const [what, pending] of responses()) {
      const csp = cspOf(await pending);
      expect(csp.get('img-src'), what).toEqual(["'self'", 'data:', 'blob:']);
    }
  });

  it('sends the other protective headers on pages, assets and API replies', async () => {
    for (const [what, pending] of responses()) {
      const { headers } = await pending;
      expect(headers['x-content-type-options'], what).toBe('nosniff');
      expect(headers['x-frame-options'], what).toBe('SAMEORIGIN');
      expect(headers['referrer-policy'], what).toBe('no-referrer');
      expect(headers['strict-transport-security'], what).toMatch(/max-age=\d{7,}/);
      expect(headers['cross-origin-opener-policy'], what).toBe('same-origin');
      expect(headers['cross-origin-resource-policy'], what).toBe('same-origin');
      expect(headers['x-dns-prefetch-control'], what).toBe('off');
      expect(headers['x-permitted-cross-domain-policies'], what).toBe('none');
      expect(headers['origin-agent-cluster'], what).toBe('?1');
      expect(headers['x-powered-by'], what).toBeUndefined();
    }
  });

  it('sends a script or style of the page only the headers a subresource uses: each costs its bytes on every file', async () => {
    const documentOnly = [
      'content-security-policy',
      'x-frame-options',
      'strict-transport-security',
      'cross-origin-opener-policy',
      'origin-agent-cluster',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ];
    for (const url of [
      '/assets/index-abc.js',
      '/assets/index-abc.css',
      '/assets/index-abc.js?v=1',
    ]) {
      const { statusCode, headers } = await t.app.inject({
        url,
        headers: { 'accept-encoding': 'br' },
      });
      expect(statusCode, url).toBe(200);
      if (url.endsWith('.css')) expect(headers['content-encoding']).toBe('br');
      // What still acts on a script or a style: no sniffing it into another type, no loading
      // it from another site, no referrer for what a style fetches.
      expect(headers['x-content-type-options'], url).toBe('nosniff');
      expect(headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(headers['referrer-policy'], url).toBe('no-referrer');
      for (const name of documentOnly) expect(headers[name], `${url}: ${name}`).toBeUndefined();
    }
    // A path that only looks like an asset gets the page, with every header.
    const page = await t.app.inject({ url: '/assets/missing-abc.js' });
    expect(page.headers['content-security-policy']).toBeDefined();
  });

  it('serves API replies as JSON, never as something a browser would render', async () => {
    for (const [what, pending] of responses().slice(4)) {
      expect((await pending).headers['content-type'], what).toMatch(/^application\/json/);
    }
  });

  it("builds a page the CSP allows: the web app's index.html has no inline script", () => {
    const html = readFileSync(join(import.meta.dirname, '../../../web/index.html'), 'utf8');
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attributes, body] of scripts) {
      expect(attributes).toMatch(/\bsrc=/);
      expect(body?.trim()).toBe('');
    }
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
  });

  it('keeps the session cookie away from scripts and other sites', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/_auth/register',
      payload: {
        username: `h${Date.now()}`,
        email: `h${Date.now()}@example.com`,
        password: 'long enough',
      },
    });
    const session = response.cookies.find((c) => c.name === 'confab_session');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });
});
