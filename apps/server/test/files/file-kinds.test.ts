import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialChatApiPaths, type Attachment } from '@confab/protocol/social-chat';
import { databaseTargets } from '../helpers/database-targets';
import { friendsWithChat, multipart } from '../helpers/social';
import { startTestApp, type TestApp } from '../helpers/test-app';

const uploadUrl = `/api${socialChatApiPaths.upload}`;

/** A stored (uncompressed) ZIP archive of the given entries, as office suites write them. */
function zip(entries: [name: string, content: string][]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of entries) {
    const nameBytes = Buffer.from(name);
    const data = Buffer.from(content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(nameBytes.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, data);
    centrals.push(central, nameBytes);
    offset += 30 + nameBytes.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const ooxml = (part: string) =>
  zip([
    ['[Content_Types].xml', '<Types/>'],
    ['_rels/.rels', '<Relationships/>'],
    [part, '<document/>'],
  ]);
const isoMedia = (brand: string) =>
  Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from(`ftyp${brand}\0\0\0\0isom`),
    Buffer.alloc(64),
  ]);

const accepted: [name: string, bytes: Buffer, mimeType: string, disposition: string][] = [
  [
    'report.docx',
    ooxml('word/document.xml'),
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'attachment',
  ],
  [
    'sums.xlsx',
    ooxml('xl/workbook.xml'),
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'attachment',
  ],
  [
    'talk.pptx',
    ooxml('ppt/presentation.xml'),
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'attachment',
  ],
  [
    'letter.odt',
    zip([
      ['mimetype', 'application/vnd.oasis.opendocument.text'],
      ['content.xml', '<office:document-content/>'],
    ]),
    'application/vnd.oasis.opendocument.text',
    'attachment',
  ],
  [
    'song.mp3',
    Buffer.concat([Buffer.from('ID3\x04\0\0\0\0\0\0'), Buffer.alloc(64, 1)]),
    'audio/mpeg',
    'attachment',
  ],
  [
    'voice.ogg',
    Buffer.concat([Buffer.from('OggS\0\x02'), Buffer.alloc(64, 1)]),
    'audio/ogg',
    'attachment',
  ],
  ['memo.m4a', isoMedia('M4A '), 'audio/mp4', 'attachment'],
  [
    'beep.wav',
    Buffer.concat([Buffer.from('RIFF\x24\0\0\0WAVEfmt '), Buffer.alloc(64, 1)]),
    'audio/wav',
    'attachment',
  ],
  ['clip.mp4', isoMedia('isom'), 'video/mp4', 'attachment'],
  [
    'clip.webm',
    Buffer.concat([
      Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84]),
      Buffer.from('webm'),
      Buffer.alloc(64, 1),
    ]),
    'video/webm',
    'attachment',
  ],
  ['photo.heic', isoMedia('heic'), 'image/heic', 'attachment'],
];

describe.each(databaseTargets)('kinds of chat files on $engine', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  async function upload(cookie: string, chatId: string, filename: string, bytes: Buffer) {
    const body = await multipart([
      ['chatId', chatId],
      ['file', { bytes, filename }],
    ]);
    return t.app.inject({
      method: 'POST',
      url: uploadUrl,
      headers: { ...body.headers, cookie },
      payload: body.payload,
    });
  }

  it.each(accepted)(
    'takes %s as what its content is, and serves it as a download with nosniff',
    async (name, bytes, mimeType, disposition) => {
      const { alice, bob, chatId } = await friendsWithChat(t.app);
      const response = await upload(alice.cookie, chatId, name, bytes);
      expect(response.json()).toMatchObject({ data: { file: { name, mimeType } } });
      const file = response.json<{ data: { file: Attachment } }>().data.file;
      const served = await t.app.inject({
        method: 'GET',
        url: file.url,
        headers: { cookie: bob.cookie },
      });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(mimeType);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(String(served.headers['content-disposition'])).toMatch(new RegExp(`^${disposition};`));
      expect(served.rawPayload.equals(bytes)).toBe(true);
    },
  );

  it('takes an office document named .zip as the archive it also is', async () => {
    const { alice, chatId } = await friendsWithChat(t.app);
    const response = await upload(alice.cookie, chatId, 'report.zip', ooxml('word/document.xml'));
    expect(response.json()).toMatchObject({ data: { file: { mimeType: 'application/zip' } } });
  });

  it.each([
    [
      'drawing.svg',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    ],
    ['page.html', Buffer.from('<!doctype html><script>alert(1)</script>')],
  ])('refuses %s, which is text, under a name that is not text', async (name, bytes) => {
    const { alice, chatId } = await friendsWithChat(t.app);
    const response = await upload(alice.cookie, chatId, name, bytes);
    expect(response.statusCode).toBe(415);
    expect(response.json().message).toMatch(/text\/plain; its name must end in \.txt/);
  });

  it('refuses a page named like a document, and an archive named like a document', async () => {
    const { alice, chatId } = await friendsWithChat(t.app);
    const page = await upload(alice.cookie, chatId, 'report.docx', Buffer.from('<html></html>'));
    expect(page.statusCode).toBe(415);
    const archive = await upload(alice.cookie, chatId, 'report.docx', zip([['a.txt', 'a']]));
    expect(archive.statusCode).toBe(415);
    expect(archive.json().message).toMatch(/application\/zip; its name must end in \.zip/);
  });

  it('refuses a few bytes that only begin like an archive, with a 415, not a failure', async () => {
    const { alice, chatId } = await friendsWithChat(t.app);
    const response = await upload(
      alice.cookie,
      chatId,
      'a.odt',
      Buffer.from([0x50, 0x4b, 3, 4, 0xff]),
    );
    expect(response.statusCode).toBe(415);
  });
});
