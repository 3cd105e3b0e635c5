import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { socialChatApiPaths, type Attachment } from '@confab/protocol/social-chat';
import { databaseTargets } from '../helpers/database-targets';
import { friendsWithChat, multipart } from '../helpers/social';
import { startTestApp, type ConfigOverrides, type TestApp } from '../helpers/test-app';

const uploadUrl = `/api${socialChatApiPaths.upload}`;
const kib = 1024;

/**
 * What stops one account (or one address) from filling the server's disk: a storage quota per
 * user, a rate of uploads per user and per address, and a floor of free space on DATA_DIR.
 */
describe.each(databaseTargets)('upload limits on $engine', (target) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  async function start(overrides: ConfigOverrides) {
    t = await startTestApp(target, { uploadMaxBytes: 64 * kib, ...overrides });
    return t;
  }

  async function upload(cookie: string, chatId: string, bytes: number | string) {
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
    return t!.app.inject({
      method: 'POST',
      url: uploadUrl,
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
  }

  /** The rows and the files on disk, to show that a refused upload kept nothing. */
  async function stored() {
    const uploads = join(t!.config.dataDir, 'uploads');
    return {
      rows: await t!.app.database.db.selectFrom('chat_files').select('id').orderBy('id').execute(),
      files: existsSync(uploads) ? readdirSync(uploads).sort() : [],
    };
  }

  function expectRefused(response: LightMyRequestResponse, statusCode: number, code: string) {
    expect(response.statusCode, response.body).toBe(statusCode);
    expect(response.json()).toMatchObject({ statusCode, code });
  }

  it("refuses an upload that would pass the user's quota with 413, keeping nothing", async () => {
    await start({ uploadQuotaBytes: 100 * kib });
    const { alice, bob, chatId } = await friendsWithChat(t!.app);
    expect((await upload(alice.cookie, chatId, 60 * kib)).statusCode).toBe(200);
    const before = await stored();

    const over = await upload(alice.cookie, chatId, 50 * kib);
    expectRefused(over, 413, 'QUOTA_EXCEEDED');
    expect(over.json<{ message: string }>().message).toBe(
      '上传文件失败：Your files take 60 KiB of your 100 KiB; delete messages with files to make room for this one',
    );
    expect(await stored()).toEqual(before);

    // What still fits is taken, and the quota is each user's own.
    expect((await upload(alice.cookie, chatId, 40 * kib)).statusCode).toBe(200);
    expect((await upload(bob.cookie, chatId, 60 * kib)).statusCode).toBe(200);
  });

  it('holds the quota against concurrent uploads: what is accepted fits, the rest is refused', async () => {
    await start({ uploadQuotaBytes: 100 * kib });
    const { alice, chatId } = await friendsWithChat(t!.app);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => upload(alice.cookie, chatId, 40 * kib)),
    );
    const accepted = answers.filter((answer) => answer.statusCode === 200);
    for (const answer of answers.filter((a) => a.statusCode !== 200))
      expectRefused(answer, 413, 'QUOTA_EXCEEDED');
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.length).toBeLessThanOrEqual(2);
    const sizes = accepted.map((a) => a.json<{ data: { file: Attachment } }>().data.file.size);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBeLessThanOrEqual(100 * kib);
    // Only the accepted files are on disk, none half written.
    const { rows, files } = await stored();
    expect(rows).toHaveLength(accepted.length);
    expect(files).toHaveLength(accepted.length);
  });

  it('limits uploads per user per minute with 429 and retry-after; other users go on', async () => {
    await start({ rateLimits: { uploadsPerUserPerMinute: 2 } });
    const { alice, bob, chatId } = await friendsWithChat(t!.app);
    expect((await upload(alice.cookie, chatId, 'one')).statusCode).toBe(200);
    expect((await upload(alice.cookie, chatId, 'two')).statusCode).toBe(200);
    const before = await stored();
    const limited = await upload(alice.cookie, chatId, 'three');
    expectRefused(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(await stored()).toEqual(before);
    expect((await upload(bob.cookie, chatId, 'four')).statusCode).toBe(200);
  });

  it('limits uploads per client address, whichever accounts send them', async () => {
    await start({ rateLimits: { uploadsPerAddressPerMinute: 3 } });
    // Every injected request comes from 127.0.0.1: two pairs of accounts, one address.
    const first = await friendsWithChat(t!.app);
    const second = await friendsWithChat(t!.app);
    expect((await upload(first.alice.cookie, first.chatId, 'one')).statusCode).toBe(200);
    expect((await upload(first.bob.cookie, first.chatId, 'two')).statusCode).toBe(200);
    expect((await upload(second.alice.cookie, second.chatId, 'three')).statusCode).toBe(200);
    const limited = await upload(second.bob.cookie, second.chatId, 'four');
    expectRefused(limited, 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers 507 while DATA_DIR has less free space than the floor, keeping nothing', async () => {
    await start({ uploadMinFreeBytes: Number.MAX_SAFE_INTEGER });
    const { alice, chatId } = await friendsWithChat(t!.app);
    const before = await stored();
    const refused = await upload(alice.cookie, chatId, 'words');
    expectRefused(refused, 507, 'INSUFFICIENT_STORAGE');
    expect(refused.json<{ message: string }>().message).toBe(
      '上传文件失败：The server is short of disk space and takes no files for now; try again later',
    );
    expect(await stored()).toEqual(before);
  });
});
