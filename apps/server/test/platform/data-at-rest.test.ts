import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialChatApiPaths } from '@confab/protocol/social-chat';
import { loadConfig } from '../../src/config';
import {
  createScratchPostgres,
  databaseTargets,
  type ScratchPostgres,
} from '../helpers/database-targets';
import { LogCapture } from '../helpers/log-capture';
import { mcpSettings, requestAs, startKeyedMcpServer } from '../helpers/mcp';
import { friendsWithChat, multipart } from '../helpers/social';
import { startTestApp, type ConfigOverrides, type TestApp } from '../helpers/test-app';
import { signUp, signUpAdmin } from '../helpers/users';

const headerValue = 'SentinelHeaderValue-7f3a9c';
const modeOf = (path: string) => statSync(path).mode & 0o777;
const newKey = () => randomBytes(32).toString('base64');

/**
 * An app that can be stopped and started again on the same DATA_DIR (not created beforehand,
 * as on a first start) and the same database.
 */
async function restartableSite(target: (typeof databaseTargets)[number]) {
  const parent = mkdtempSync(join(tmpdir(), 'confab-rest-'));
  const dataDir = join(parent, 'data');
  const postgres: ScratchPostgres | undefined =
    target.engine === 'postgres' ? await createScratchPostgres(target.serverUrl) : undefined;
  return {
    dataDir,
    start: (overrides: ConfigOverrides = {}, options: Parameters<typeof startTestApp>[2] = {}) =>
      startTestApp(
        { engine: 'sqlite' },
        {
          databaseUrl: postgres?.url,
          mcp: mcpSettings(),
          ...overrides,
        },
        { ...options, dataDir },
      ),
    async remove() {
      await postgres?.drop();
      rmSync(parent, { recursive: true, force: true });
    },
  };
}

describe('DATA_DIR on disk', () => {
  let site: Awaited<ReturnType<typeof restartableSite>>;
  let t: TestApp;
  beforeAll(async () => {
    site = await restartableSite({ engine: 'sqlite' });
    t = await site.start();
  });
  afterAll(async () => {
    await t.close();
    await site.remove();
  });

  it('is readable by the server user only: the folder 0700, its files 0600', async () => {
    const { alice, chatId } = await friendsWithChat(t.app);
    const body = await multipart([
      ['chatId', chatId],
      ['file', { bytes: 'notes for the chat', filename: 'notes.txt' }],
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: `/api${socialChatApiPaths.upload}`,
      headers: { ...body.headers, cookie: alice.cookie },
      payload: body.payload,
    });
    expect(uploaded.statusCode).toBe(200);

    expect(modeOf(site.dataDir).toString(8)).toBe('700');
    const uploads = join(site.dataDir, 'uploads');
    expect(modeOf(uploads).toString(8)).toBe('700');
    const stored = readdirSync(uploads);
    expect(stored).toHaveLength(1);
    expect(modeOf(join(uploads, stored[0]!)).toString(8)).toBe('600');
    for (const name of ['confab.db', 'confab.db-wal', 'confab.db-shm', 'secret.key']) {
      const path = join(site.dataDir, name);
      expect(existsSync(path), name).toBe(true);
      expect(modeOf(path).toString(8), name).toBe('600');
    }
  });
});

describe.each(databaseTargets)('MCP header values at rest on $engine', (target) => {
  let site: Awaited<ReturnType<typeof restartableSite>>;
  let keyed: Awaited<ReturnType<typeof startKeyedMcpServer>>;
  const key = newKey();
  beforeAll(async () => {
    site = await restartableSite(target);
    keyed = await startKeyedMcpServer({
      header: 'X-Api-Key',
      value: headerValue,
      refusalBody: 'wrong key',
    });
  });
  afterAll(async () => {
    await keyed.close();
    await site.remove();
  });

  const rawHeaders = async (t: TestApp) =>
    (await t.app.database.db.selectFrom('mcp_servers').select(['key', 'headers']).execute()).map(
      (row) => row.headers,
    );
  const whoami = async (t: TestApp, client: string) => {
    const user = requestAs(t.app, (await signUp(t.app)).cookie);
    return user.post('/api/mcp/call', { client, name: 'whoami', args: {} });
  };

  it('stores them encrypted, and still sends them to the server', async () => {
    const t = await site.start({ secretKey: key });
    try {
      const admin = requestAs(t.app, (await signUpAdmin(t.app)).cookie);
      const added = await admin.post('/api/mcp/addServer', {
        key: 'keyed',
        transport: {
          type: 'streamable-http',
          url: keyed.url,
          headers: { 'X-Api-Key': headerValue },
        },
      });
      expect(added.statusCode).toBe(201);
      const [stored] = await rawHeaders(t);
      expect(stored).not.toContain(headerValue);
      expect(stored).not.toContain('X-Api-Key');
      expect((await whoami(t, 'keyed')).json()).toMatchObject({
        content: [{ text: 'authorised' }],
      });
      // Administrators still read the value they saved.
      const config = (await admin.get('/api/mcp/getConfig')).json();
      expect(config.servers[0].transport.headers).toEqual({ 'X-Api-Key': headerValue });
    } finally {
      await t.close();
    }
  });

  it('encrypts rows an older version stored in plain text at the next start, losing nothing', async () => {
    let t = await site.start({ secretKey: key });
    try {
      const now = Date.now();
      await t.app.database.db
        .insertInto('mcp_servers')
        .values({
          key: 'old_plain',
          name: 'old_plain',
          description: '',
          transport_type: 'streamable-http',
          url: keyed.url,
          headers: JSON.stringify({ 'X-Api-Key': headerValue }),
          approval_policy: 'always ask',
          active: 1,
          created_at: now,
          updated_at: now,
        })
        .execute();
    } finally {
      await t.close();
    }
    t = await site.start({ secretKey: key });
    try {
      for (const stored of await rawHeaders(t)) expect(stored).not.toContain(headerValue);
      expect((await whoami(t, 'old_plain')).json()).toMatchObject({
        content: [{ text: 'authorised' }],
      });
    } finally {
      await t.close();
    }
  });

  it('refuses to start with another key, saying which key is wrong, rather than sending garbage', async () => {
    await expect(site.start({ secretKey: newKey() })).rejects.toThrow(
      /MCP header values.*cannot be decrypted.*CONFAB_SECRET_KEY/s,
    );
    // The right key still opens them.
    const t = await site.start({ secretKey: key });
    try {
      expect((await whoami(t, 'keyed')).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('a node with another key and no MCP servers stops at the Web Push key, saying which key is wrong', async () => {
    const fresh = await restartableSite(target);
    try {
      const first = await fresh.start({ secretKey: newKey() });
      await first.close();
      await expect(fresh.start({ secretKey: newKey() })).rejects.toThrow(
        /Web Push key.*cannot be decrypted.*CONFAB_SECRET_KEY/s,
      );
    } finally {
      await fresh.remove();
    }
  });

  it.runIf(target.engine === 'postgres')(
    'warns at start on PostgreSQL without CONFAB_SECRET_KEY: every node needs the same key',
    async () => {
      const logs = new LogCapture();
      const other = await restartableSite(target);
      const t = await other.start({ logLevel: 'info' }, { logStream: logs });
      try {
        expect(logs.text).toMatch(/CONFAB_SECRET_KEY[^\n]*every node/);
      } finally {
        await t.close();
        await other.remove();
      }
    },
  );
});

describe('CONFAB_SECRET_KEY', () => {
  it('must be 32 bytes in base64', () => {
    expect(() => loadConfig({ CONFAB_SECRET_KEY: 'too-short' })).toThrow(
      /CONFAB_SECRET_KEY must be 32 bytes in base64/,
    );
    expect(loadConfig({ CONFAB_SECRET_KEY: newKey() }).secretKey).toEqual(expect.any(String));
  });
});
