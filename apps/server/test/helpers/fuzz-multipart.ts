import fc from 'fast-check';
import { nastyStrings } from './fuzz-arbitraries';

/** What a multipart case may name: the user's own chat, and one they are not in. */
export interface MultipartTargets {
  chatId: string;
  foreignChatId: string;
  /** The configured upload cap in bytes (kept small in the fuzz app). */
  maxBytes: number;
}

type Part =
  | { kind: 'field'; name: string; value: string }
  | { kind: 'file'; name: string; filename: string; contentType: string; bytes: Buffer };

const boundary = 'fuzzBoundary7MA4YWxkTrZu0gW';

// Contents by what they are, not by what they are called: allowed types, forbidden ones
// (executables, HTML is text and so allowed, SVG and XML are text too), binary noise.
const contents: fc.Arbitrary<Buffer> = fc.oneof(
  fc.constantFrom(
    Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
      'base64',
    ),
    Buffer.from('%PDF-1.4\n%%EOF\n'),
    Buffer.from('plain words\n'),
    Buffer.from('<script>alert(1)</script>'),
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
    Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
    Buffer.from('\x7fELF\x02\x01\x01\x00', 'latin1'),
    Buffer.from([0x89, 0x50, 0x4e, 0x47]),
    Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00]),
    Buffer.from('PK\x03\x04', 'latin1'),
    Buffer.alloc(0),
  ),
  fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.from(bytes)),
  fc.string({ maxLength: 200, unit: 'binary' }).map((text) => Buffer.from(text)),
);

const filenames = fc.oneof(
  fc.constantFrom(
    'dot.png',
    'report.pdf',
    'notes.txt',
    'page.html',
    'image.svg',
    'setup.exe',
    'dot.PNG.exe',
    'no-extension',
    '.png',
    '../../etc/passwd',
    'a\\b.png',
    '',
  ),
  // Quotes and line breaks end up in the part's header as they are: malformed headers.
  fc.constantFrom(...nastyStrings),
);

const contentTypes = fc.constantFrom(
  'image/png',
  'text/html',
  'application/octet-stream',
  'image/svg+xml',
  'application/x-msdownload',
);

function fileParts(size: fc.Arbitrary<Buffer>): fc.Arbitrary<Part> {
  return fc
    .record({
      name: fc.oneof({ weight: 4, arbitrary: fc.constant('file') }, fc.constantFrom('files', '')),
      filename: filenames,
      contentType: contentTypes,
      bytes: size,
    })
    .map((part) => ({ kind: 'file' as const, ...part }));
}

function chatField(targets: MultipartTargets): fc.Arbitrary<Part> {
  return fc
    .record({
      name: fc.oneof({ weight: 4, arbitrary: fc.constant('chatId') }, fc.constantFrom('chat', '')),
      value: fc.oneof(
        { weight: 4, arbitrary: fc.constant(targets.chatId) },
        fc.constant(targets.foreignChatId),
        fc.constantFrom(...nastyStrings),
        fc.string({ maxLength: 40 }),
      ),
    })
    .map((part) => ({ kind: 'field' as const, ...part }));
}

/** A body of the size around the cap: just under, at, just over, and far over. */
function aroundCap(maxBytes: number): fc.Arbitrary<Buffer> {
  return fc
    .tuple(
      fc.constantFrom(maxBytes - 1, maxBytes, maxBytes + 1, maxBytes * 3),
      fc.constantFrom('text', 'png'),
    )
    .map(([size, kind]) => {
      const bytes = Buffer.alloc(size, 'a');
      // A PNG signature over a long body: allowed by content, refused by size.
      if (kind === 'png') Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
      return bytes;
    });
}

/**
 * Multipart upload bodies: well-formed ones (the field `chatId`, then the file) with contents
 * of every kind and sizes around the cap, the fields in the wrong order, missing or repeated,
 * and bodies that are not valid multipart at all.
 */
export function multipartBody(
  targets: MultipartTargets,
): fc.Arbitrary<{ payload: Buffer; contentType: string }> {
  const content = fc.oneof({ weight: 3, arbitrary: contents }, aroundCap(targets.maxBytes));
  const file = fileParts(content);
  const field = chatField(targets);
  const wellFormed = fc.oneof(
    { weight: 4, arbitrary: fc.tuple(field, file) },
    fc.tuple(file, field),
    fc.tuple(field),
    fc.tuple(file),
    fc.constant([] as Part[]),
    fc.tuple(field, field, file),
    fc.tuple(field, file, file),
  );
  const formed = wellFormed.map((parts) => ({
    payload: serialise(parts as Part[]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  }));
  return fc.oneof({ weight: 4, arbitrary: formed }, malformed(targets));
}

function serialise(parts: Part[], end = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition =
      part.kind === 'field'
        ? `form-data; name="${part.name}"`
        : `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType}`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`));
    chunks.push(part.kind === 'field' ? Buffer.from(part.value) : part.bytes, Buffer.from('\r\n'));
  }
  if (end) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return Buffer.concat(chunks);
}

/** Bodies a multipart parser must refuse: cut short, wrong boundaries, broken headers. */
function malformed(
  targets: MultipartTargets,
): fc.Arbitrary<{ payload: Buffer; contentType: string }> {
  const good = serialise([
    { kind: 'field', name: 'chatId', value: targets.chatId },
    {
      kind: 'file',
      name: 'file',
      filename: 'notes.txt',
      contentType: 'text/plain',
      bytes: Buffer.from('plain words\n'),
    },
  ]);
  const withType = (contentType: string) => (payload: Buffer) => ({ payload, contentType });
  const right = `multipart/form-data; boundary=${boundary}`;
  return fc.oneof(
    // Cut anywhere: no closing boundary, a part without its end.
    fc.nat({ max: good.length - 1 }).map((at) => withType(right)(good.subarray(0, at))),
    // The file's part never ends.
    fc.constant(
      withType(right)(
        serialise(
          [
            { kind: 'field', name: 'chatId', value: targets.chatId },
            {
              kind: 'file',
              name: 'file',
              filename: 'notes.txt',
              contentType: 'text/plain',
              bytes: Buffer.from('x'),
            },
          ],
          false,
        ),
      ),
    ),
    fc
      .constantFrom(
        'multipart/form-data',
        'multipart/form-data; boundary=',
        'multipart/form-data; boundary=other',
        `multipart/form-data; boundary="${boundary}`,
        `multipart/mixed; boundary=${boundary}`,
        `multipart/form-data; boundary=${'b'.repeat(200)}`,
      )
      .map((contentType) => withType(contentType)(good)),
    // Headers without their blank line, without a disposition, with garbage.
    fc
      .constantFrom(
        `--${boundary}\r\nContent-Disposition: form-data; name="chatId"\r\n${targets.chatId}\r\n--${boundary}--\r\n`,
        `--${boundary}\r\n\r\n${targets.chatId}\r\n--${boundary}--\r\n`,
        `--${boundary}\r\nContent-Disposition: attachment\r\n\r\nx\r\n--${boundary}--\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name=\r\n\r\nx\r\n--${boundary}--\r\n`,
        `--${boundary}--\r\n`,
        `--${boundary}\r\n${'X-Header: v\r\n'.repeat(3000)}\r\nx\r\n--${boundary}--\r\n`,
      )
      .map((text) => withType(right)(Buffer.from(text))),
    fc.uint8Array({ maxLength: 512 }).map((bytes) => withType(right)(Buffer.from(bytes))),
  );
}
