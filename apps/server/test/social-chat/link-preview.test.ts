import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialChatApiPaths, type LinkPreview } from '@confab/protocol/social-chat';
import { fetch } from 'undici';
import { loadConfig } from '../../src/config';
import { guardedAgent } from '../../src/lib/address-guard';
import { publicAddressRules } from '../../src/lib/public-addresses';
import { databaseTargets } from '../helpers/database-targets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp } from '../helpers/users';

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const evilSvg =
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>';

const page = (head: string, body = '') =>
  `<!doctype html><html><head><meta charset="utf-8">${head}</head><body>${body}</body></html>`;

/** A web site on 127.0.0.1 with the pages a preview meets, counting what was asked of it. */
function startSite(extra: (url: string) => string | undefined = () => undefined) {
  const hits: string[] = [];
  let slowReplies: (() => void)[] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '/';
    hits.push(path);
    const html = (body: string) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(body);
    };
    switch (path) {
      case '/og':
        return html(
          page(`
            <title>The title element</title>
            <meta property="og:title" content="Open &amp; Graph <b>title</b>">
            <meta property="og:description" content="  What the page
              says about itself. ">
            <meta property="og:site_name" content="Example Site">
            <meta property="og:image" content="/img.png">`),
        );
      case '/twitter':
        return html(
          page(`
            <meta name="twitter:title" content="Twitter title">
            <meta name="twitter:description" content="Twitter description">
            <meta name="twitter:image" content="img.png">`),
        );
      case '/plain':
        return html(
          page(`<title>  Plain
            title </title><meta name="description" content="Plain description">`),
        );
      case '/huge': {
        // The title comes after the first 600 KB: it is never read.
        response.writeHead(200, { 'content-type': 'text/html' });
        response.write(`<html><head><!--${'x'.repeat(600 * 1024)}-->`);
        response.end('<title>Too far</title></head></html>');
        return;
      }
      case '/endless': {
        // A page that never ends: the reader stops at the cap.
        response.writeHead(200, { 'content-type': 'text/html' });
        response.write('<html><head><title>Endless</title>');
        const chunk = `<!--${'y'.repeat(64 * 1024)}-->`;
        const more = () => {
          if (!response.destroyed && response.write(chunk)) setImmediate(more);
          else if (!response.destroyed) response.once('drain', more);
        };
        more();
        return;
      }
      case '/slow':
        slowReplies.push(() => html(page('<title>Slow</title>')));
        return;
      case '/to-og':
        response.writeHead(302, { location: '/og' });
        return response.end();
      case '/to-loopback':
        response.writeHead(302, { location: extra('loopback') });
        return response.end();
      case '/to-private':
        response.writeHead(301, { location: 'http://10.0.0.1/' });
        return response.end();
      case '/to-metadata':
        response.writeHead(307, { location: 'http://169.254.169.254/latest/meta-data/' });
        return response.end();
      case '/loop':
        response.writeHead(302, { location: '/loop' });
        return response.end();
      case '/pdf':
        response.writeHead(200, { 'content-type': 'application/pdf' });
        return response.end('%PDF-1.4 <title>not html</title>');
      case '/svg-image':
        return html(page('<title>SVG</title><meta property="og:image" content="/evil.svg">'));
      case '/svg-as-png':
        return html(page('<title>SVG</title><meta property="og:image" content="/evil.png">'));
      case '/private-image':
        return html(
          page('<title>Private</title><meta property="og:image" content="http://10.0.0.1/a.png">'),
        );
      case '/big-image':
        return html(page('<title>Big</title><meta property="og:image" content="/big.png">'));
      case '/mid-image':
        return html(page('<title>Mid</title><meta property="og:image" content="/mid.png">'));
      case '/mid.png':
        // 300 KB: a photo, not a thumbnail.
        response.writeHead(200, { 'content-type': 'image/png' });
        return response.end(Buffer.concat([png, Buffer.alloc(300 * 1024)]));
      case '/img.png':
        response.writeHead(200, { 'content-type': 'image/png' });
        return response.end(png);
      case '/evil.svg':
        response.writeHead(200, { 'content-type': 'image/svg+xml' });
        return response.end(evilSvg);
      case '/evil.png':
        response.writeHead(200, { 'content-type': 'image/png' });
        return response.end(evilSvg);
      case '/big.png':
        response.writeHead(200, { 'content-type': 'image/png' });
        return response.end(Buffer.concat([png, Buffer.alloc(3 * 1024 * 1024)]));
      default: {
        if (/^\/pic\d\.png$/.test(path)) {
          // 10 KB pictures.
          response.writeHead(200, { 'content-type': 'image/png' });
          return response.end(Buffer.concat([png, Buffer.alloc(10 * 1024)]));
        }
        const body = extra(path);
        if (body !== undefined) return html(body);
        response.writeHead(404);
        response.end();
      }
    }
  });
  return {
    hits,
    server,
    releaseSlow() {
      for (const reply of slowReplies) reply();
      slowReplies = [];
    },
  };
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

const previewUrl = `/api${socialChatApiPaths.linkPreview}`;

describe.each(databaseTargets)('link previews on $engine', (target) => {
  let t: TestApp;
  let site: ReturnType<typeof startSite>;
  let origin: string;
  // Another local server, not allowed: nothing may reach it through a preview.
  let secret: ReturnType<typeof startSite>;
  let secretOrigin: string;

  beforeAll(async () => {
    secret = startSite(() => page('<meta property="og:title" content="Secret admin page">'));
    secretOrigin = await listen(secret.server);
    site = startSite((what) => (what === 'loopback' ? `${secretOrigin}/admin` : undefined));
    origin = await listen(site.server);
    t = await startTestApp(target, {
      // The default caps, but for the local site and a shorter wait.
      linkPreview: {
        ...loadConfig({}).linkPreview,
        allowedAddresses: [new URL(origin).host],
        timeoutMs: 1_000,
      },
      rateLimits: { linkPreviewsPerUserPerMinute: 1_000 },
    });
  });
  afterAll(async () => {
    site.releaseSlow();
    await t.close();
    site.server.close();
    secret.server.close();
  });

  const ask = (cookie: string | undefined, url: string) =>
    t.app.inject({
      method: 'GET',
      url: previewUrl,
      query: { url },
      headers: cookie ? { cookie } : {},
    });
  async function previewOf(cookie: string, url: string): Promise<LinkPreview | null> {
    const response = await ask(cookie, url);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: { preview: LinkPreview | null } }>().data.preview;
  }

  it('reads the Open Graph title, description, site and image, and serves the image itself', async () => {
    const { cookie } = await signUp(t.app);
    const preview = await previewOf(cookie, `${origin}/og`);
    expect(preview).toMatchObject({
      url: `${origin}/og`,
      title: 'Open & Graph <b>title</b>',
      description: 'What the page says about itself.',
      siteName: 'Example Site',
    });
    // Never the site's own address: our server's copy.
    expect(preview!.image).toMatch(/^\/api\/chat-social-msg\/link-preview\/[0-9a-f]{64}\/image$/);
    const image = await t.app.inject({ method: 'GET', url: preview!.image!, headers: { cookie } });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.equals(png)).toBe(true);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    const anonymous = await t.app.inject({ method: 'GET', url: preview!.image! });
    expect(anonymous.statusCode).toBe(401);
  });

  it('falls back to Twitter cards, then to the title element and the meta description', async () => {
    const { cookie } = await signUp(t.app);
    expect(await previewOf(cookie, `${origin}/twitter`)).toMatchObject({
      title: 'Twitter title',
      description: 'Twitter description',
      siteName: '127.0.0.1',
      image: expect.stringMatching(/\/image$/),
    });
    expect(await previewOf(cookie, `${origin}/plain`)).toMatchObject({
      title: 'Plain title',
      description: 'Plain description',
      image: null,
    });
  });

  it('keeps a preview in the database: a second ask does not fetch the page again', async () => {
    const { cookie } = await signUp(t.app);
    const other = await signUp(t.app);
    await previewOf(cookie, `${origin}/plain?cached`);
    await previewOf(other.cookie, `${origin}/plain?cached`);
    expect(site.hits.filter((hit) => hit === '/plain?cached')).toHaveLength(1);
    const rows = await t.app.database.db
      .selectFrom('link_previews')
      .select('url')
      .where('url', '=', `${origin}/plain?cached`)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('follows a redirect on the allowed site, and refuses one to loopback, private or metadata addresses', async () => {
    const { cookie } = await signUp(t.app);
    expect(await previewOf(cookie, `${origin}/to-og`)).toMatchObject({
      title: 'Open & Graph <b>title</b>',
    });
    for (const path of ['/to-loopback', '/to-private', '/to-metadata', '/loop']) {
      expect(await previewOf(cookie, `${origin}${path}`), path).toBeNull();
    }
    // Straight at them too: another port of loopback, a private address, a name for loopback.
    for (const url of [
      `${secretOrigin}/admin`,
      'http://10.1.2.3/',
      'http://192.168.1.1/',
      'http://[::1]/',
      'http://localhost/',
      'http://169.254.169.254/latest/meta-data/',
    ]) {
      expect(await previewOf(cookie, url), url).toBeNull();
    }
    expect(secret.hits).toEqual([]);
  });

  it('gives up on slow pages, reads at most the size cap of huge ones, and ignores what is not HTML', async () => {
    const { cookie } = await signUp(t.app);
    const started = Date.now();
    expect(await previewOf(cookie, `${origin}/slow`)).toBeNull();
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await previewOf(cookie, `${origin}/huge`)).toBeNull();
    expect(await previewOf(cookie, `${origin}/endless`)).toMatchObject({ title: 'Endless' });
    expect(await previewOf(cookie, `${origin}/pdf`)).toBeNull();
  });

  it('never takes an image that is not a real raster image of a reasonable size, or not on an allowed address', async () => {
    const { cookie } = await signUp(t.app);
    for (const path of [
      '/svg-image',
      '/svg-as-png',
      '/big-image',
      '/mid-image',
      '/private-image',
    ]) {
      const preview = await previewOf(cookie, `${origin}${path}`);
      expect(preview, path).toMatchObject({ image: null });
    }
  });

  it('refuses what is not an http(s) address, and asks for a session', async () => {
    const { cookie } = await signUp(t.app);
    for (const url of [
      '',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'ftp://example.com/',
      'not a url',
      `http://example.com/${'a'.repeat(2100)}`,
    ]) {
      const response = await ask(cookie, url);
      expect(response.statusCode, url).toBe(400);
      expect(response.json().message).toMatch(/url/);
    }
    const missing = await t.app.inject({ method: 'GET', url: previewUrl, headers: { cookie } });
    expect(missing.statusCode).toBe(400);
    expect((await ask(undefined, `${origin}/og`)).statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'GET',
      url: `/api${socialChatApiPaths.linkPreviewImage('0'.repeat(64))}`,
      headers: { cookie },
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({
      method: 'GET',
      url: `/api${socialChatApiPaths.linkPreviewImage('../../etc')}`,
      headers: { cookie },
    });
    expect(malformed.statusCode).toBe(400);
  });
});

describe.each(databaseTargets)('the storage of link previews on $engine', (target) => {
  it('keeps images only up to a total: the oldest previews lose theirs first, and keep their text', async () => {
    // Each picture is 10 KB (about 13.7 KB as kept); the total allows two of them, not three.
    const site = startSite((path) =>
      /^\/pic\d$/.test(path)
        ? page(`<title>${path}</title><meta property="og:image" content="${path}.png">`)
        : undefined,
    );
    const origin = await listen(site.server);
    const t = await startTestApp(target, {
      linkPreview: {
        ...loadConfig({}).linkPreview,
        allowedAddresses: [new URL(origin).host],
        timeoutMs: 2_000,
        cacheMaxBytes: 30_000,
      },
    });
    try {
      const { cookie } = await signUp(t.app);
      const previewOf = async (url: string) => {
        const response = await t.app.inject({
          method: 'GET',
          url: previewUrl,
          query: { url },
          headers: { cookie },
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<{ data: { preview: LinkPreview | null } }>().data.preview;
      };
      const images: string[] = [];
      for (const n of [1, 2, 3]) {
        const preview = await previewOf(`${origin}/pic${n}`);
        expect(preview?.image, `pic${n}`).toBeTruthy();
        images.push(preview!.image!);
      }
      const served = async (image: string) =>
        (await t.app.inject({ method: 'GET', url: image, headers: { cookie } })).statusCode;
      expect(await served(images[2]!)).toBe(200);
      expect(await served(images[1]!)).toBe(200);
      expect(await served(images[0]!)).toBe(404);
      // The oldest still has its card, without the picture, and is not fetched again.
      expect(await previewOf(`${origin}/pic1`)).toMatchObject({ title: '/pic1', image: null });
      expect(site.hits.filter((hit) => hit === '/pic1')).toHaveLength(1);
      const kept = await t.app.database.db
        .selectFrom('link_previews')
        .select('image_data')
        .execute();
      const total = kept.reduce((sum, row) => sum + (row.image_data?.length ?? 0), 0);
      expect(total).toBeGreaterThan(0);
      expect(total).toBeLessThanOrEqual(30_000);
    } finally {
      await t.close();
      site.server.close();
    }
  });
});

describe('name lookups of link previews', () => {
  it('gives up on a name whose DNS never answers within the preview time limit, and fetches only so many at once', async () => {
    const asked: string[] = [];
    const t = await startTestApp(
      { engine: 'sqlite' },
      {
        linkPreview: {
          ...loadConfig({}).linkPreview,
          timeoutMs: 500,
          maxConcurrentFetches: 2,
          // A resolver that never calls back.
          lookup: (hostname: string) => {
            asked.push(hostname);
          },
        },
      },
    );
    try {
      const { cookie } = await signUp(t.app);
      const ask = async (url: string) => {
        const response = await t.app.inject({
          method: 'GET',
          url: previewUrl,
          query: { url },
          headers: { cookie },
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json<{ data: { preview: LinkPreview | null } }>().data.preview;
      };
      const started = Date.now();
      expect(await ask('http://never-answers.example/')).toBeNull();
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(asked).toEqual(['never-answers.example']);

      // Three at once, two may fetch: the third answers null without asking the resolver.
      asked.length = 0;
      const all = await Promise.all(
        ['a', 'b', 'c'].map((name) => ask(`http://${name}.never-answers.example/`)),
      );
      expect(all).toEqual([null, null, null]);
      expect(asked).toHaveLength(2);
      // The one turned away was not kept as a page without a preview: it is fetched next time.
      const left = ['a', 'b', 'c'].find((name) => !asked.includes(`${name}.never-answers.example`));
      asked.length = 0;
      expect(await ask(`http://${left}.never-answers.example/`)).toBeNull();
      expect(asked).toEqual([`${left}.never-answers.example`]);
    } finally {
      await t.close();
    }
  });
});

describe('the connection-time name lookup of the address guard', () => {
  it('ends with the connect timeout when the name never resolves', async () => {
    const asked: string[] = [];
    const agent = guardedAgent(
      { ...publicAddressRules([]), lookup: (hostname: string) => void asked.push(hostname) },
      { connectTimeout: 300 },
    );
    try {
      const started = Date.now();
      await expect(fetch('http://never-answers.example/', { dispatcher: agent })).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(asked).toEqual(['never-answers.example']);
    } finally {
      await agent.close();
    }
  });
});

describe('the rate of link previews', () => {
  it('limits the pages one user has fetched per minute; previews already kept are free', async () => {
    const site = startSite((path) =>
      path.startsWith('/n') ? page(`<title>${path}</title>`) : undefined,
    );
    const origin = await listen(site.server);
    const t = await startTestApp(
      { engine: 'sqlite' },
      {
        linkPreview: {
          allowedAddresses: [new URL(origin).host],
          timeoutMs: 1_000,
          maxHtmlBytes: 512 * 1024,
          maxImageBytes: 1024 * 1024,
          cacheTtlMs: 60 * 60_000,
          cacheMaxBytes: 64 * 1024 * 1024,
          maxConcurrentFetches: 8,
        },
        rateLimits: { linkPreviewsPerUserPerMinute: 3 },
      },
    );
    try {
      const { cookie } = await signUp(t.app);
      const ask = (url: string) =>
        t.app.inject({ method: 'GET', url: previewUrl, query: { url }, headers: { cookie } });
      for (const n of [1, 2, 3]) expect((await ask(`${origin}/n${n}`)).statusCode).toBe(200);
      const refused = await ask(`${origin}/n4`);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/Too many link previews/);
      expect((await ask(`${origin}/n1`)).statusCode).toBe(200);
      // Someone else is not held back by it.
      const other = await signUp(t.app);
      const theirs = await t.app.inject({
        method: 'GET',
        url: previewUrl,
        query: { url: `${origin}/n4` },
        headers: { cookie: other.cookie },
      });
      expect(theirs.statusCode).toBe(200);
    } finally {
      await t.close();
      site.server.close();
    }
  });
});
