import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { socialChatApiPaths } from '@confab/protocol/social-chat';
import { databaseTargets, type DatabaseTarget } from '../helpers/database-targets';
import { createScratchRedis, redisServerUrl } from '../helpers/redis';
import { startSharedNodes } from '../helpers/shared-nodes';
import { friendsWithChat, multipart } from '../helpers/social';
import { startTestApp, type ConfigOverrides, type TestApp } from '../helpers/test-app';

const kib = 1024;

async function upload(node: TestApp, cookie: string, chatId: string, bytes: number | string) {
  const body = await multipart([
    ['chatId', chatId],
    [
      'file',
      {
        bytes: typeof bytes === 'string' ? bytes : Buffer.alloc(bytes, 'a'),
        filename: 'words.txt',
      },
    ],
  ]);
  return node.app.inject({
    method: 'POST',
    url: `/api${socialChatApiPaths.upload}`,
    headers: { ...body.headers, cookie },
    payload: body.payload,
  });
}

/** Two nodes of one site without Redis: one database and one DATA_DIR. */
async function twoNodes(target: DatabaseTarget, overrides: ConfigOverrides) {
  const first = await startTestApp(target, overrides);
  const second = await startTestApp(target, {
    ...overrides,
    dataDir: first.config.dataDir,
    databaseUrl: first.config.databaseUrl,
  });
  return {
    nodes: [first, second] as const,
    // The first node owns the data folder and the database: it closes last.
    async close() {
      await second.close();
      await first.close();
    },
  };
}

describe.each(databaseTargets)('uploads through several nodes on $engine', (target) => {
  let site: { close(): Promise<void> } | undefined;
  afterEach(async () => {
    await site?.close();
    site = undefined;
  });

  it('holds the quota for uploads streaming through several nodes at once', async () => {
    const pair = await twoNodes(target, { uploadMaxBytes: 64 * kib, uploadQuotaBytes: 100 * kib });
    site = pair;
    const [a, b] = pair.nodes;
    const { alice, chatId } = await friendsWithChat(a.app);
    const answers = await Promise.all(
      [a, b, a, b, a, b].map((node) => upload(node, alice.cookie, chatId, 40 * kib)),
    );
    const accepted = answers.filter((answer) => answer.statusCode === 200);
    for (const answer of answers.filter((one) => one.statusCode !== 200)) {
      expect(answer.statusCode, answer.body).toBe(413);
      expect(answer.json()).toMatchObject({ code: 'QUOTA_EXCEEDED' });
    }
    // Two files of 40 KiB fit in 100 KiB; a third never.
    expect(accepted.length).toBeLessThanOrEqual(2);
    const rows = await a.app.database.db.selectFrom('chat_files').select('size').execute();
    expect(rows).toHaveLength(accepted.length);
    expect(readdirSync(join(a.config.dataDir, 'uploads'))).toHaveLength(accepted.length);
  });

  it('nodes sweeping at once remove every unsent file, each exactly once', async () => {
    const pair = await twoNodes(target, { uploadSweepIntervalMs: 0 });
    site = pair;
    const [a, b] = pair.nodes;
    const { alice, chatId } = await friendsWithChat(a.app);
    for (let i = 0; i < 12; i++)
      expect((await upload(i % 2 ? a : b, alice.cookie, chatId, `file ${i}`)).statusCode).toBe(200);

    const later = Date.now() + a.config.uploadUnsentMaxAgeMs + 1;
    const removed = await Promise.all([
      a.app.services.files.sweepUnsent(later),
      b.app.services.files.sweepUnsent(later),
    ]);
    expect(removed[0] + removed[1]).toBe(12);
    const uploads = join(a.config.dataDir, 'uploads');
    expect(existsSync(uploads) ? readdirSync(uploads) : []).toEqual([]);
    expect(await a.app.database.db.selectFrom('chat_files').select('id').execute()).toEqual([]);
  });
});

describe.skipIf(!redisServerUrl)('upload rates shared through Redis', () => {
  it('counts uploads once for the whole site, with retry-after', async () => {
    const redis = await createScratchRedis(redisServerUrl!);
    const site = await startSharedNodes(2, redis, { rateLimits: { uploadsPerUserPerMinute: 2 } });
    try {
      const [a, b] = site.nodes as [TestApp, TestApp];
      const { alice, chatId } = await friendsWithChat(a.app);
      expect((await upload(a, alice.cookie, chatId, 'one')).statusCode).toBe(200);
      expect((await upload(b, alice.cookie, chatId, 'two')).statusCode).toBe(200);
      for (const node of [a, b]) {
        const limited: LightMyRequestResponse = await upload(node, alice.cookie, chatId, 'three');
        expect(limited.statusCode, limited.body).toBe(429);
        expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
        expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      }
    } finally {
      await site.close();
      await redis.drop();
    }
  });
});
