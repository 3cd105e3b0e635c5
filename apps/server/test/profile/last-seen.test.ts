import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Presence } from '@confab/protocol/social-chat';
import { databaseTargets } from '../helpers/database-targets';
import { eventually } from '../helpers/mcp';
import { friendsWithChat } from '../helpers/social';
import { connect, listen } from '../helpers/sockets';
import { startTestApp, type TestApp } from '../helpers/test-app';

const presenceUrl = (userId: string) => `/api/chat-social-msg/presence/${userId}`;

async function lastSeenRow(t: TestApp, userId: string): Promise<number | undefined> {
  const row = await t.app.database.db
    .selectFrom('users')
    .select('last_seen_at')
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.last_seen_at ?? undefined;
}

describe.each(databaseTargets)('last seen on $engine', (target) => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await startTestApp(target);
    url = await listen(t.app);
  });
  afterAll(() => t.close());

  it('records when the last tab of a user leaves, and shows it to their contacts', async () => {
    const { alice, bob } = await friendsWithChat(t.app);
    expect(await lastSeenRow(t, alice.user.id)).toBeUndefined();
    const first = await connect(url, { cookie: alice.cookie });
    const second = await connect(url, { cookie: alice.cookie });
    first.close();
    // One tab is still open: still online, nothing recorded.
    const online = await t.app.inject({
      method: 'GET',
      url: presenceUrl(alice.user.id),
      headers: { cookie: bob.cookie },
    });
    expect(online.json<{ data: Presence }>().data.isOnline).toBe(true);
    const before = Date.now();
    second.close();
    const recorded = await eventually(() => lastSeenRow(t, alice.user.id));
    expect(recorded).toBeGreaterThanOrEqual(before - 1000);
    const seen = await t.app.inject({
      method: 'GET',
      url: presenceUrl(alice.user.id),
      headers: { cookie: bob.cookie },
    });
    expect(seen.json<{ data: Presence }>().data).toEqual({
      userId: alice.user.id,
      isOnline: false,
      lastSeen: new Date(recorded).toISOString(),
      version: expect.any(Number),
    });
  });
});

describe('last seen after a restart', () => {
  it('is still known once the server starts again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'confab-last-seen-'));
    try {
      const t = await startTestApp({ engine: 'sqlite' }, {}, { dataDir });
      const url = await listen(t.app);
      const { alice, bob } = await friendsWithChat(t.app);
      const socket = await connect(url, { cookie: alice.cookie });
      socket.close();
      const recorded = await eventually(() => lastSeenRow(t, alice.user.id));
      await t.close();
      const again = await startTestApp({ engine: 'sqlite' }, {}, { dataDir });
      const seen = await again.app.inject({
        method: 'GET',
        url: presenceUrl(alice.user.id),
        headers: { cookie: bob.cookie },
      });
      expect(seen.json<{ data: Presence }>().data.lastSeen).toBe(new Date(recorded).toISOString());
      await again.close();
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
