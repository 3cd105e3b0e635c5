import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpConfigReply } from '@confab/protocol/mcp';
import { McpHost } from '../../src/mcp/host';
import { databaseTargets } from '../helpers/database-targets';
import { mcpSettings, requestAs, startEverythingHttp, type RunningServer } from '../helpers/mcp';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp, signUpAdmin } from '../helpers/users';

type As = ReturnType<typeof requestAs>;

const silent = { info: () => {}, warn: () => {}, debug: () => {} };

describe.each(databaseTargets)(
  "users' own servers reach the public internet only, on $engine",
  (target) => {
    let t: TestApp;
    let http: RunningServer;
    let alice: As;

    beforeAll(async () => {
      http = await startEverythingHttp('streamableHttp');
      // The operator allowed link-local addresses for admin-added servers: that opens nothing here.
      t = await startTestApp(target, {
        mcp: mcpSettings({ connectTimeoutMs: 5_000, allowLinkLocalUrls: true }),
      });
      const admin = requestAs(t.app, (await signUpAdmin(t.app, { username: 'pub_admin' })).cookie);
      alice = requestAs(t.app, (await signUp(t.app, { username: 'pub_alice' })).cookie);
      expect((await admin.post('/api/mcp/personal/policy', { allowed: true })).statusCode).toBe(
        200,
      );
    });
    afterAll(async () => {
      await t?.close();
      await http?.close();
    });

    const port = () => new URL(http.url).port;

    it.each([
      ['loopback (a live MCP server)', () => http.url],
      ['loopback by name', () => `http://localhost:${port()}/mcp`],
      ['IPv6 loopback', () => `http://[::1]:${port()}/mcp`],
      ['IPv4-mapped loopback', () => `http://[::ffff:127.0.0.1]:${port()}/mcp`],
      ['Redis', () => 'http://127.0.0.1:6379/'],
      ['PostgreSQL', () => 'http://127.0.0.1:5432/'],
      ['a private network', () => 'http://10.255.255.1/mcp'],
      ['link-local metadata', () => 'http://169.254.169.254/latest/meta-data/'],
    ])('refuses %s when added, naming transport.url, saving nothing', async (_what, url) => {
      const response = await alice.post('/api/mcp/personal/add', {
        key: 'my_inside',
        transport: { type: 'streamable-http', url: url() },
      });
      expect(response.statusCode, response.body).toBe(400);
      const body = response.json<{ message: string; fields: Record<string, string> }>();
      expect(body.message).toMatch(/^Nothing was saved\. transport\.url: .*not public/);
      expect(body.fields['transport.url']).toMatch(
        /servers of your own must be on the public internet/,
      );
      // Whether anything answers there stays unsaid.
      expect(body.message).not.toMatch(
        /ECONNREFUSED|refused|timed out|HTTP \d|127\.0\.0\.1|10\.255/,
      );
      const config = (await alice.get('/api/mcp/getConfig')).json<McpConfigReply>();
      expect(config.servers.map((server) => server.key)).not.toContain('my_inside');
      expect(config.personal?.count).toBe(0);
    });

    it('refuses a private address on the connection itself, saying only that it could not connect', async () => {
      // The URL check at adding is passed (a name that resolved elsewhere then, a redirect): the
      // connection's own fetch refuses it on connecting.
      const host = new McpHost({ ...mcpSettings({ connectTimeoutMs: 5_000 }), log: silent });
      try {
        const personal = {
          key: 'my_inside',
          transport: { type: 'streamable-http' as const, url: http.url, headers: {} },
        };
        const refused = await host.probe({ ...personal, guard: 'public' }).then(
          () => null,
          (error: Error) => error.message,
        );
        expect(refused).toMatch(/could not connect/);
        // The URL the user typed, and no more: not what answered there, nor why it was refused.
        expect(refused).not.toMatch(/ECONNREFUSED|not public|HTTP \d/);
        // The same server under the admin-added servers' rules answers.
        const admitted = await host.probe({ ...personal, guard: 'admin' });
        expect(admitted.status).toBe('connected');
        await admitted.close();
        // Only the operator's explicit setting for users' own servers opens private addresses.
        const opened = new McpHost({
          ...mcpSettings({ connectTimeoutMs: 5_000, allowPrivatePersonalUrls: true }),
          log: silent,
        });
        const allowed = await opened.probe({ ...personal, guard: 'public' });
        expect(allowed.status).toBe('connected');
        await allowed.close();
        await opened.close();
      } finally {
        await host.close();
      }
    });
  },
);

describe.each(databaseTargets)(
  "users' own servers fetch no authorization server, on $engine",
  (target) => {
    let t: TestApp;
    let alice: As;
    let metadataReads = 0;
    let protectedServer: Server;
    let url = '';

    beforeAll(async () => {
      // A server that wants OAuth and names its metadata on loopback, as a hostile one would.
      protectedServer = createServer((request, response) => {
        if (request.url?.startsWith('/.well-known/')) metadataReads += 1;
        response.writeHead(401, {
          'www-authenticate': `Bearer resource_metadata="http://127.0.0.1:${(protectedServer.address() as AddressInfo).port}/.well-known/oauth-protected-resource"`,
        });
        response.end();
      });
      await new Promise<void>((resolve) => protectedServer.listen(0, '127.0.0.1', resolve));
      url = `http://127.0.0.1:${(protectedServer.address() as AddressInfo).port}/mcp`;
      t = await startTestApp(target, {
        mcp: mcpSettings({ connectTimeoutMs: 5_000, allowPrivatePersonalUrls: true }),
      });
      const admin = requestAs(t.app, (await signUpAdmin(t.app, { username: 'as_admin' })).cookie);
      alice = requestAs(t.app, (await signUp(t.app, { username: 'as_alice' })).cookie);
      await admin.post('/api/mcp/personal/policy', { allowed: true });
    });
    afterAll(async () => {
      await t?.close();
      await new Promise((resolve) => protectedServer?.close(resolve));
    });

    it('refuses OAuth settings, and never follows a server to its authorization server', async () => {
      const withAuth = await alice.post('/api/mcp/personal/add', {
        key: 'my_oauth',
        transport: { type: 'streamable-http', url, headers: {} },
        auth: { type: 'oauth' },
      });
      expect(withAuth.statusCode).toBe(400);
      expect(withAuth.json().message).toMatch(/cannot use OAuth sign-in/);
      const plain = await alice.post('/api/mcp/personal/add', {
        key: 'my_oauth',
        transport: { type: 'streamable-http', url, headers: {} },
      });
      expect(plain.statusCode).toBe(400);
      expect(plain.json().message).toMatch(/^Nothing was saved/);
      const start = await alice.post('/api/mcp/oauth/start', { key: 'my_oauth' });
      expect(start.statusCode).toBe(404);
      expect(metadataReads).toBe(0);
    });
  },
);
