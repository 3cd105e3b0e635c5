import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { LightMyRequestResponse } from 'fastify';
import { socialChatApiPaths } from '@confab/protocol/social-chat';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { friends, type Person } from '../helpers/social-chat';

/** The body as the client reads it once it has undone the reply's Content-Encoding. */
function decoded(response: LightMyRequestResponse): Buffer {
  const encoding = response.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(response.rawPayload);
  if (encoding === 'gzip') return gunzipSync(response.rawPayload);
  if (encoding === undefined) return response.rawPayload;
  throw new Error(`unexpected content-encoding ${String(encoding)}`);
}

const varies = (response: LightMyRequestResponse) =>
  String(response.headers.vary ?? '')
    .toLowerCase()
    .split(/\s*,\s*/)
    .includes('accept-encoding');

describe('compression on the wire', () => {
  let t: TestApp;
  let web: string;
  // A script as the build writes it: the file and its brotli and gzip forms beside it.
  const script = Buffer.from(
    Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i};`).join('\n'),
  );
  const page = Buffer.from(
    `<!doctype html><title>Confab</title><div id="root"></div>${'<!-- padding -->'.repeat(200)}`,
  );
  const signInPage = Buffer.from(
    `<!doctype html><title>Confab</title><div id="root" data-page="sign-in"></div>${'<!-- padding -->'.repeat(200)}`,
  );
  let alice: Person;
  let chatId: string;

  beforeAll(async () => {
    web = mkdtempSync(join(tmpdir(), 'confab-web-'));
    mkdirSync(join(web, 'assets'));
    for (const [path, bytes] of [
      ['index.html', page],
      ['sign-in.html', signInPage],
      ['assets/app-abc123.js', script],
    ] as const) {
      writeFileSync(join(web, path), bytes);
      writeFileSync(join(web, `${path}.br`), brotliCompressSync(bytes));
      writeFileSync(join(web, `${path}.gz`), gzipSync(bytes));
    }
    // A file the build left uncompressed (too small to gain): served as is to everyone.
    writeFileSync(join(web, 'assets', 'tiny-abc123.js'), 'console.log(1)');
    t = await startTestApp(undefined, { webDistDir: web });
    const pair = await friends(t.app);
    alice = pair.alice;
    chatId = pair.chatId;
  });
  afterAll(async () => {
    await t.close();
    rmSync(web, { recursive: true, force: true });
  });

  describe('static files', () => {
    it('sends the brotli form to a client that accepts br, gzip and the bytes decode to the file', async () => {
      const response = await t.app.inject({
        url: '/assets/app-abc123.js',
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(varies(response)).toBe(true);
      expect(response.rawPayload.length).toBeLessThan(script.length);
      expect(decoded(response).equals(script)).toBe(true);
    });

    it('sends the gzip form to a client that accepts only gzip', async () => {
      const response = await t.app.inject({
        url: '/assets/app-abc123.js',
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(varies(response)).toBe(true);
      expect(decoded(response).equals(script)).toBe(true);
    });

    it('sends the file as is for Accept-Encoding: identity or none, still varying on it', async () => {
      for (const headers of [{ 'accept-encoding': 'identity' }, {}]) {
        const response = await t.app.inject({ url: '/assets/app-abc123.js', headers });
        expect(response.headers['content-encoding']).toBeUndefined();
        expect(varies(response)).toBe(true);
        expect(response.rawPayload.equals(script)).toBe(true);
      }
    });

    it('sends a file without compressed forms as is to a client that accepts br', async () => {
      const response = await t.app.inject({
        url: '/assets/tiny-abc123.js',
        headers: { 'accept-encoding': 'br, gzip' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toBe('console.log(1)');
    });

    it('compresses the web app page, at / and at any of its paths', async () => {
      for (const url of ['/', '/public/logins', '/agents/mindBox']) {
        const response = await t.app.inject({ url, headers: { 'accept-encoding': 'br, gzip' } });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-encoding'], url).toBe('br');
        expect(varies(response), url).toBe(true);
        expect(decoded(response).equals(page), url).toBe(true);
      }
    });

    it('compresses the sign-in page at the sign-in and registration paths', async () => {
      for (const url of ['/public/login?redirect=%2Fagents', '/public/register']) {
        const response = await t.app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
        expect(response.statusCode, url).toBe(200);
        expect(response.headers['content-encoding'], url).toBe('gzip');
        expect(varies(response), url).toBe(true);
        expect(decoded(response).equals(signInPage), url).toBe(true);
      }
    });
  });

  describe('JSON replies', () => {
    let large: string;
    beforeAll(async () => {
      // Two messages of nearly 2 KB make their page of messages a reply well above the threshold.
      for (let i = 0; i < 2; i += 1) await alice.api.say(chatId, 'the quick brown fox '.repeat(95));
      large = `/api${socialChatApiPaths.messages(chatId)}`;
    });

    it('compresses a reply above 1 KB for a client that accepts it: br first, else gzip', async () => {
      const plain = await t.app.inject({ url: large, headers: { cookie: alice.cookie } });
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      for (const [accept, expected] of [
        ['gzip, deflate, br', 'br'],
        ['br;q=0.5, gzip', 'gzip'],
        ['gzip', 'gzip'],
      ] as const) {
        const response = await t.app.inject({
          url: large,
          headers: { cookie: alice.cookie, 'accept-encoding': accept },
        });
        expect(response.statusCode, accept).toBe(200);
        expect(response.headers['content-encoding'], accept).toBe(expected);
        expect(response.headers['content-type'], accept).toMatch(/^application\/json/);
        expect(varies(response), accept).toBe(true);
        expect(Number(response.headers['content-length']), accept).toBe(response.rawPayload.length);
        expect(response.rawPayload.length, accept).toBeLessThan(plain.rawPayload.length / 4);
        expect(decoded(response).equals(plain.rawPayload), accept).toBe(true);
      }
    });

    it('does not compress for a client that accepts only identity, or says nothing', async () => {
      for (const headers of [{ 'accept-encoding': 'identity' }, {}, { 'accept-encoding': '' }]) {
        const response = await t.app.inject({
          url: large,
          headers: { cookie: alice.cookie, ...headers },
        });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBeUndefined();
        expect(varies(response)).toBe(true);
        expect(JSON.parse(response.body)).toMatchObject({ statusCode: 200 });
      }
    });

    it('leaves a reply under 1 KB as it is, even when compression is accepted', async () => {
      const response = await t.app.inject({
        url: '/api/_auth/session',
        headers: { cookie: alice.cookie, 'accept-encoding': 'br, gzip' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.length).toBeLessThan(1024);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.json()).toMatchObject({ user: { id: alice.user.id } });
    });
  });
});
