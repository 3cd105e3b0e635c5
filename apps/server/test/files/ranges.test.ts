import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialChatApiPaths, type Attachment } from '@confab/protocol/social-chat';
import { databaseTargets } from '../helpers/database-targets';
import { friendsWithChat, multipart, type Person } from '../helpers/social';
import { startTestApp, type TestApp } from '../helpers/test-app';
import { signUp } from '../helpers/users';

const uploadUrl = `/api${socialChatApiPaths.upload}`;

// An MP4 (its ftyp box is all the type check reads) whose bytes after it count, so every
// slice is different and a wrong offset shows.
const video = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom\0\0\0\0isom'),
  Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 251)),
]);
const size = video.length;

describe.each(databaseTargets)('byte ranges of chat files on $engine', (target) => {
  let t: TestApp;
  let alice: Person;
  let bob: Person;
  let url: string;
  beforeAll(async () => {
    t = await startTestApp(target);
    const pair = await friendsWithChat(t.app);
    ({ alice, bob } = pair);
    const body = await multipart([
      ['chatId', pair.chatId],
      ['file', { bytes: video, filename: 'clip.mp4' }],
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: uploadUrl,
      headers: { ...body.headers, cookie: alice.cookie },
      payload: body.payload,
    });
    url = uploaded.json<{ data: { file: Attachment } }>().data.file.url;
  });
  afterAll(() => t.close());

  const get = (person: Person | undefined, headers: Record<string, string> = {}, method = 'GET') =>
    t.app.inject({
      method: method as 'GET' | 'HEAD',
      url,
      headers: { ...headers, ...(person && { cookie: person.cookie }) },
    });

  /** The headers every answer with the file's bytes keeps, whole or in part. */
  function expectSafeHeaders(headers: Record<string, unknown>) {
    expect(headers['accept-ranges']).toBe('bytes');
    expect(headers['content-type']).toBe('video/mp4');
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['content-disposition']).toMatch(/^attachment; filename="clip\.mp4"/);
    expect(headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(headers['content-encoding']).toBeUndefined();
  }

  it('says it takes byte ranges and sends the whole file without one', async () => {
    const whole = await get(alice);
    expect(whole.statusCode).toBe(200);
    expectSafeHeaders(whole.headers);
    expect(whole.headers['content-length']).toBe(String(size));
    expect(whole.headers['content-range']).toBeUndefined();
    expect(whole.rawPayload.equals(video)).toBe(true);
  });

  it('answers a single range with 206 and only its bytes, to both participants', async () => {
    const cases: [range: string, start: number, end: number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=0-1', 0, 1],
      ['bytes=1000-1000', 1000, 1000],
      ['bytes=1000-', 1000, size - 1],
      ['bytes=-50', size - 50, size - 1],
      // Past the end is cut at the end; a suffix longer than the file is the whole file.
      [`bytes=2000-${size + 5000}`, 2000, size - 1],
      [`bytes=-${size * 10}`, 0, size - 1],
      // The unit and spaces around the range are read leniently.
      [' Bytes=5-9 ', 5, 9],
    ];
    for (const person of [alice, bob]) {
      for (const [range, start, end] of cases) {
        const part = await get(person, { range });
        expect(part.statusCode, range).toBe(206);
        expectSafeHeaders(part.headers);
        expect(part.headers['content-range'], range).toBe(`bytes ${start}-${end}/${size}`);
        expect(part.headers['content-length'], range).toBe(String(end - start + 1));
        expect(part.rawPayload.equals(video.subarray(start, end + 1)), range).toBe(true);
      }
    }
  });

  it('never compresses a part, whatever the client accepts', async () => {
    const part = await get(alice, { range: 'bytes=0-2047', 'accept-encoding': 'br, gzip' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.rawPayload.equals(video.subarray(0, 2048))).toBe(true);
  });

  it('answers 416 with the size for a range the file cannot satisfy', async () => {
    for (const range of [
      `bytes=${size}-`,
      `bytes=${size + 1}-${size + 9}`,
      'bytes=50-10',
      'bytes=-0',
    ]) {
      const refused = await get(alice, { range });
      expect(refused.statusCode, range).toBe(416);
      expect(refused.headers['content-range'], range).toBe(`bytes */${size}`);
      expect(refused.json(), range).toEqual({
        statusCode: 416,
        code: 'REQUEST_ERROR',
        message: `The range ${range.slice('bytes='.length)} is not within this file of ${size} bytes`,
      });
    }
  });

  it('ignores a malformed or multiple range, and one sent with If-Range, and sends it all', async () => {
    for (const range of [
      'bytes=0-1,5-6',
      'items=0-5',
      'bytes=abc',
      'bytes=-',
      'bytes=1-2-3',
      '0-5',
      'bytes=0x10-20',
    ]) {
      const whole = await get(alice, { range });
      expect(whole.statusCode, range).toBe(200);
      expect(whole.headers['content-range'], range).toBeUndefined();
      expect(whole.rawPayload.equals(video), range).toBe(true);
    }
    // The server gives no validator, so no If-Range can match it: the whole file, as RFC 9110 says.
    const conditional = await get(alice, { range: 'bytes=0-9', 'if-range': '"x"' });
    expect(conditional.statusCode).toBe(200);
    expect(conditional.rawPayload.equals(video)).toBe(true);
  });

  it('answers HEAD with the same headers and no body', async () => {
    const whole = await get(alice, {}, 'HEAD');
    expect(whole.statusCode).toBe(200);
    expectSafeHeaders(whole.headers);
    expect(whole.headers['content-length']).toBe(String(size));
    expect(whole.rawPayload.length).toBe(0);

    const part = await get(alice, { range: 'bytes=10-19' }, 'HEAD');
    expect(part.statusCode).toBe(206);
    expectSafeHeaders(part.headers);
    expect(part.headers['content-range']).toBe(`bytes 10-19/${size}`);
    expect(part.headers['content-length']).toBe('10');
    expect(part.rawPayload.length).toBe(0);
  });

  it('refuses strangers the same way with or without a range', async () => {
    const carol = await signUp(t.app);
    const ranges: Record<string, string>[] = [
      {},
      { range: 'bytes=0-99' },
      { range: `bytes=${size}-` },
    ];
    for (const headers of ranges) {
      const refused = await get(carol, headers);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({
        statusCode: 404,
        code: 'NOT_FOUND',
        message: 'No such file',
      });
      expect(refused.headers['content-range']).toBeUndefined();
      expect(refused.headers['accept-ranges']).toBeUndefined();
      const anonymous = await get(undefined, headers);
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.headers['content-range']).toBeUndefined();
    }
  });
});
