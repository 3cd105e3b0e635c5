import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialChatApiPaths, type Attachment } from '@confab/protocol/social-chat';
import { databaseTargets } from '../helpers/database-targets';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { friendsWithChat, multipart } from '../helpers/social';
import { signUp } from '../helpers/users';

const uploadUrl = `/api${socialChatApiPaths.upload}`;
const maxBytes = 64 * 1024;

// The smallest real PNG: a 1×1 transparent pixel.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');

describe.each(databaseTargets)('chat files on $engine', (target) => {
  let t: TestApp;
  let uploads: string;
  beforeAll(async () => {
    t = await startTestApp(target, { uploadMaxBytes: maxBytes });
    uploads = join(t.config.dataDir, 'uploads');
  });
  afterAll(() => t.close());

  async function upload(cookie: string | undefined, parts: Parameters<typeof multipart>[0]) {
    const body = await multipart(parts);
    return t.app.inject({
      method: 'POST',
      url: uploadUrl,
      headers: { ...body.headers, ...(cookie && { cookie }) },
      payload: body.payload,
    });
  }
  const download = (cookie: string, url: string) =>
    t.app.inject({ method: 'GET', url, headers: { cookie } });

  /** What a refused upload must leave unchanged: the rows and the files on disk. */
  async function stored() {
    return {
      rows: await t.app.database.db.selectFrom('chat_files').select('id').orderBy('id').execute(),
      files: existsSync(uploads) ? readdirSync(uploads).sort() : [],
    };
  }

  it('stores an image for the chat and serves it inline to both participants only', async () => {
    const { alice, bob, chatId } = await friendsWithChat(t.app);
    const response = await upload(alice.cookie, [
      ['chatId', chatId],
      ['file', { bytes: png, filename: 'dot.PNG' }],
    ]);
    expect(response.statusCode).toBe(200);
    const file = response.json<{ data: { file: Attachment } }>().data.file;
    expect(file).toMatchObject({ name: 'dot.PNG', size: png.length, mimeType: 'image/png' });
    expect(file.url).toBe(`/api/chat-social-msg/files/${file.id}`);

    for (const person of [alice, bob]) {
      const served = await download(person.cookie, file.url);
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(png)).toBe(true);
      expect(served.headers['content-type']).toBe('image/png');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-disposition']).toBe(
        `inline; filename="dot.PNG"; filename*=UTF-8''dot.PNG`,
      );
    }

    const carol = await signUp(t.app);
    const refused = await download(carol.cookie, file.url);
    expect(refused.statusCode).toBe(404);
    expect(refused.json()).toMatchObject({ code: 'NOT_FOUND', message: 'No such file' });
    expect(refused.rawPayload.includes(png)).toBe(false);
  });

  it('serves text as plain text to download, never as a page, with a safely encoded name', async () => {
    const { alice, chatId } = await friendsWithChat(t.app);
    const html = '<script>alert(1)</script><h1>hi</h1>\n';
    const name = 'notes "x"; 报告.txt';
    const response = await upload(alice.cookie, [
      ['chatId', chatId],
      ['file', { bytes: html, filename: name }],
    ]);
    expect(response.statusCode).toBe(200);
    const file = response.json<{ data: { file: Attachment } }>().data.file;
    // Browsers send a quote in a file name as %22; the name is kept as it came.
    expect(file).toMatchObject({ mimeType: 'text/plain', name: 'notes %22x%22; 报告.txt' });
    const served = await download(alice.cookie, file.url);
    expect(served.body).toBe(html);
    expect(served.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain('sandbox');
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="notes %22x%22; __.txt"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
    );
    // The browser's path prefix is never kept: the name is a name.
    const pathy = await upload(alice.cookie, [
      ['chatId', chatId],
      ['file', { bytes: pdf, filename: 'C:\\fakepath\\..\\report.pdf' }],
    ]);
    expect(pathy.json<{ data: { file: Attachment } }>().data.file).toMatchObject({
      name: 'report.pdf',
      mimeType: 'application/pdf',
    });
  });

  it('refuses a file over the cap with 413 and keeps nothing', async () => {
    const { alice, chatId } = await friendsWithChat(t.app);
    const before = await stored();
    const big = Buffer.alloc(maxBytes + 1, 'a');
    const response = await upload(alice.cookie, [
      ['chatId', chatId],
      ['file', { bytes: big, filename: 'big.txt' }],
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      statusCode: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: '上传文件失败：The file is larger than 64 KiB, the largest that can be sent',
    });
    expect(await stored()).toEqual(before);
    // Exactly at the cap is fine.
    const atCap = await upload(alice.cookie, [
      ['chatId', chatId],
      ['file', { bytes: Buffer.alloc(maxBytes, 'a'), filename: 'cap.txt' }],
    ]);
    expect(atCap.statusCode).toBe(200);
  });

  it('refuses forbidden types by their content, whatever the name says, and keeps nothing', async () => {
    const { alice, chatId } = await friendsWithChat(t.app);
    const before = await stored();
    const elf = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01, 0x00, 0x00, 0xff, 0xfe]);
    const cases: [Uint8Array | string, string, RegExp][] = [
      [elf, 'program.png', /This kind of file cannot be sent/],
      [elf, 'program.txt', /This kind of file cannot be sent/],
      [Buffer.from([0xc3, 0x28, 0x41]), 'broken.txt', /This kind of file cannot be sent/],
      [
        '<svg onload="alert(1)"/>',
        'image.svg',
        /content is text\/plain; its name must end in \.txt/,
      ],
      ['<html><script>alert(1)</script></html>', 'page.html', /its name must end in \.txt/],
      [png, 'dot.txt', /content is image\/png; its name must end in \.png/],
      [pdf, 'report', /its name must end in \.pdf/],
    ];
    for (const [bytes, filename, message] of cases) {
      const response = await upload(alice.cookie, [
        ['chatId', chatId],
        ['file', { bytes, filename }],
      ]);
      expect(response.statusCode, filename).toBe(415);
      expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    expect(await stored()).toEqual(before);
  });

  it('refuses uploads to a chat the user is not in, and malformed forms, with clear 4xx', async () => {
    const { alice, chatId } = await friendsWithChat(t.app);
    const carol = await signUp(t.app);
    const before = await stored();
    const file = { bytes: png, filename: 'dot.png' };
    const cases: [string | undefined, Parameters<typeof multipart>[0], number, RegExp][] = [
      [
        undefined,
        [
          ['chatId', chatId],
          ['file', file],
        ],
        401,
        /Sign in/,
      ],
      [
        carol.cookie,
        [
          ['chatId', chatId],
          ['file', file],
        ],
        404,
        /No such chat/,
      ],
      [
        alice.cookie,
        [
          ['chatId', 'no-such-chat'],
          ['file', file],
        ],
        404,
        /No such chat/,
      ],
      [
        alice.cookie,
        [
          ['file', file],
          ['chatId', chatId],
        ],
        400,
        /Send the field chatId first/,
      ],
      [alice.cookie, [['chatId', chatId]], 400, /Send the file in the field named file/],
      [
        alice.cookie,
        [
          ['chatId', chatId],
          ['other', file],
        ],
        400,
        /field named file/,
      ],
      [
        alice.cookie,
        [
          ['chatId', '   '],
          ['file', file],
        ],
        400,
        /chatId: Give the id of a chat/,
      ],
      [
        alice.cookie,
        [
          ['chatId', chatId],
          ['file', { bytes: '', filename: 'e.txt' }],
        ],
        400,
        /empty/,
      ],
    ];
    for (const [cookie, parts, statusCode, message] of cases) {
      const response = await upload(cookie, parts);
      expect(response.statusCode, message.source).toBe(statusCode);
      expect(response.json<{ message: string }>().message).toMatch(message);
    }
    const json = await t.app.inject({
      method: 'POST',
      url: uploadUrl,
      headers: { cookie: alice.cookie },
      payload: { chatId },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json<{ message: string }>().message).toMatch(/multipart\/form-data/);
    expect(await stored()).toEqual(before);
  });

  it('answers 404 for unknown file ids and 401 without a session', async () => {
    const { alice } = await friendsWithChat(t.app);
    expect((await download(alice.cookie, '/api/chat-social-msg/files/nope')).statusCode).toBe(404);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/chat-social-msg/files/nope',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
