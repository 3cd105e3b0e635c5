import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpConfigReply, McpServer } from '@confab/protocol/mcp';
import { mcpUnavailableToUsers } from '@confab/protocol/mcp';
import { databaseTargets } from '../helpers/database-targets';
import { LogCapture } from '../helpers/log-capture';
import {
  eventually,
  mcpSettings,
  requestAs,
  startKeyedMcpServer,
  writeMcpFile,
} from '../helpers/mcp';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp, signUpAdmin } from '../helpers/users';

const querySecret = 'SentinelQuerySecret41';
const urlPassword = 'SentinelUrlPassword42';
const bodySecret = 'SentinelRemoteBody43';
const stderrSecret = 'SentinelStderr44';
const secrets = [querySecret, urlPassword, bodySecret, stderrSecret];

describe.each(databaseTargets)('what an MCP connection error shows, on $engine', (target) => {
  const logs = new LogCapture();
  let t: TestApp;
  let keyed: Awaited<ReturnType<typeof startKeyedMcpServer>>;
  let admin: ReturnType<typeof requestAs>;
  let user: ReturnType<typeof requestAs>;
  let hostAndPort: string;

  beforeAll(async () => {
    keyed = await startKeyedMcpServer({
      header: 'X-Api-Key',
      value: 'the-right-key',
      refusalBody: `invalid key; the account's token is ${bodySecret}`,
    });
    hostAndPort = new URL(keyed.url).host;
    t = await startTestApp(
      target,
      { logLevel: 'trace', mcp: mcpSettings() },
      {
        logStream: logs,
        prepareDataDir: (dir) =>
          writeMcpFile(dir, {
            crashing: {
              command: process.execPath,
              args: [
                '-e',
                `console.error("MY_TOKEN=${stderrSecret} was refused"); process.exit(3)`,
              ],
            },
            file_creds: { url: keyed.url.replace('//', `//operator:${urlPassword}@`) },
          }),
      },
    );
    admin = requestAs(t.app, (await signUpAdmin(t.app)).cookie);
    user = requestAs(t.app, (await signUp(t.app)).cookie);
    // Rows saved before URLs with credentials were refused, as an old version stored them.
    const now = Date.now();
    const oldRow = (key: string, url: string) => ({
      key,
      name: key,
      description: '',
      transport_type: 'streamable-http' as const,
      url,
      headers: '{}',
      approval_policy: 'always ask',
      active: 1,
      created_at: now,
      updated_at: now,
    });
    await t.app.database.db
      .insertInto('mcp_servers')
      .values([
        oldRow('old_query', `${keyed.url}?api_key=${querySecret}`),
        oldRow('old_userinfo', keyed.url.replace('//', `//alice:${urlPassword}@`)),
      ])
      .execute();
  });
  afterAll(async () => {
    await t.close();
    await keyed.close();
  });

  const failing = ['old_query', 'old_userinfo', 'crashing'];
  const configAs = async (as: ReturnType<typeof requestAs>) =>
    (await as.get('/api/mcp/init')).json<McpConfigReply>();
  const serversInError = async (as: ReturnType<typeof requestAs>) =>
    eventually(async () => {
      const servers = (await configAs(as)).servers.filter((s) => failing.includes(s.key));
      return servers.length === failing.length && servers.every((s) => s.status === 'error')
        ? new Map(servers.map((s) => [s.key, s]))
        : undefined;
    });
  const expectNoSecret = (text: string, what: string) => {
    for (const secret of [...secrets, hostAndPort, 'alice:', 'operator:']) {
      expect(text.includes(secret), `${what} contains ${secret}`).toBe(false);
    }
  };

  it('tells a user only that a server is unavailable: no URL, no remote answer, no output', async () => {
    const servers = await serversInError(user);
    for (const key of failing) {
      expect(servers.get(key)).toMatchObject({ status: 'error', error: mcpUnavailableToUsers });
    }
    expectNoSecret((await user.get('/api/mcp/getConfig')).body, 'the config list');

    const listed = await user.get('/api/mcp/tools?server=old_query');
    expect(listed.statusCode).toBe(502);
    expect(listed.json().message).toBe('MCP server "old_query" is unavailable');
    for (const key of failing) {
      const called = await user.post('/api/mcp/call', { client: key, name: 'whoami', args: {} });
      expect(called.statusCode).toBe(502);
      expect(called.json()).toMatchObject({
        code: 'BAD_GATEWAY',
        message: `MCP server "${key}" is unavailable`,
      });
    }
  });

  it("shows an administrator the status, never the remote body or the URL's credentials", async () => {
    const servers = await serversInError(admin);
    const error = (key: string) => (servers.get(key) as McpServer).error ?? '';
    expect(error('old_query')).toContain('HTTP 401');
    expect(error('old_userinfo')).not.toBe('');
    for (const key of ['old_query', 'old_userinfo']) {
      for (const secret of [querySecret, urlPassword, bodySecret, 'alice:']) {
        expect(error(key), `${key}'s error`).not.toContain(secret);
      }
    }
    // A stdio server's output explains its crash, to administrators only.
    expect(error('crashing')).toContain(stderrSecret);

    const called = await admin.post('/api/mcp/call', {
      client: 'old_query',
      name: 'whoami',
      args: {},
    });
    expect(called.statusCode).toBe(502);
    expect(called.json().message).toContain('HTTP 401');
    expect(called.json().message).not.toContain(bodySecret);
    expect(called.json().message).not.toContain(querySecret);

    // The connection test before saving reports the status too.
    const tried = await admin.post('/api/mcp/addServer', {
      key: 'no_key_given',
      transport: { type: 'streamable-http', url: keyed.url },
    });
    expect(tried.statusCode).toBe(400);
    expect(tried.json().message).toContain('HTTP 401');
    expect(tried.json().message).not.toContain(bodySecret);
  });

  it('refuses URLs with credentials from administrators, naming the field', async () => {
    const withPassword = keyed.url.replace('//', `//alice:${urlPassword}@`);
    const withQueryKey = `${keyed.url}?api_key=${querySecret}`;
    for (const url of [withPassword, withQueryKey, `${keyed.url}?access_token=x`]) {
      const added = await admin.post('/api/mcp/addServer', {
        key: 'with_creds',
        transport: { type: 'streamable-http', url, headers: { 'X-Api-Key': 'the-right-key' } },
      });
      expect(added.statusCode, url).toBe(400);
      expect(added.json().fields['transport.url']).toMatch(/headers/);
      expectNoSecret(added.body, 'the refusal');

      const updated = await admin.post('/api/mcp/updateServer', {
        key: 'old_query',
        transport: { type: 'streamable-http', url },
      });
      expect(updated.statusCode).toBe(400);
      expect(updated.json().fields['transport.url']).toMatch(/headers/);

      const replaced = await admin.post('/api/mcp/putConfig', {
        mcpServers: { with_creds: { url } },
      });
      expect(replaced.statusCode).toBe(400);
      expect(Object.keys(replaced.json().fields)).toEqual(['mcpServers.with_creds.url']);
    }
    const keys = (await configAs(admin)).servers.map((server) => server.key);
    expect(keys).not.toContain('with_creds');
    expect(keys).toContain('old_query');

    // A plain URL with the key in a header works.
    const good = await admin.post('/api/mcp/addServer', {
      key: 'with_header',
      transport: {
        type: 'streamable-http',
        url: `${keyed.url}?team=confab`,
        headers: { 'X-Api-Key': 'the-right-key' },
      },
    });
    expect(good.statusCode).toBe(201);
    const called = await user.post('/api/mcp/call', {
      client: 'with_header',
      name: 'whoami',
      args: {},
    });
    expect(called.json()).toMatchObject({ content: [{ text: 'authorised' }] });
  });

  it("refuses such a URL in the operator's file: not started, and said in the log", async () => {
    const config = await configAs(admin);
    expect(config.servers.map((server) => server.key)).not.toContain('file_creds');
    expect(t.app.services.mcpHost.connection('file_creds')).toBeUndefined();
    const problem = config.file.problems.find((text) => text.startsWith('"file_creds"'));
    expect(problem).toMatch(/headers/);
    expect(problem).not.toContain(urlPassword);
    expect(logs.text).toMatch(/file_creds[^\n]*headers[^\n]*not started/);
  });

  it('keeps every secret out of the logs', async () => {
    // The capture works: the failing servers were logged.
    expect(logs.text).toContain('"server":"old_query"');
    expect(logs.text).toContain('"server":"crashing"');
    for (const secret of secrets) {
      expect(logs.text.includes(secret), `the logs contain ${secret}`).toBe(false);
    }
  });
});
