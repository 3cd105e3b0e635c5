import { uploadExtensions, type UploadMimeType } from '@confab/protocol/social-chat';

export type AllowedMimeType = UploadMimeType;

/** The names a file of each allowed type may have; the content decides the type. */
export const extensionsByType = uploadExtensions;

const docx = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const xlsx = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const pptx = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
const odt = 'application/vnd.oasis.opendocument.text';

// ISO media (MP4 and relatives) name what they hold in the brand after `ftyp` at byte 4.
const isoBrands: Record<string, AllowedMimeType> = {
  heic: 'image/heic',
  heix: 'image/heic',
  hevc: 'image/heic',
  hevx: 'image/heic',
  heim: 'image/heic',
  heis: 'image/heic',
  mif1: 'image/heif',
  msf1: 'image/heif',
  heif: 'image/heif',
  'M4A ': 'audio/mp4',
  'M4B ': 'audio/mp4',
  isom: 'video/mp4',
  iso2: 'video/mp4',
  iso4: 'video/mp4',
  iso5: 'video/mp4',
  iso6: 'video/mp4',
  mp41: 'video/mp4',
  mp42: 'video/mp4',
  avc1: 'video/mp4',
  dash: 'video/mp4',
  'M4V ': 'video/mp4',
};

const isZip = (head: Buffer) =>
  startsWith([0x50, 0x4b, 0x03, 0x04])(head) || startsWith([0x50, 0x4b, 0x05, 0x06])(head);

const signatures: { type: AllowedMimeType; matches: (head: Buffer) => boolean }[] = [
  { type: 'image/png', matches: startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: 'image/jpeg', matches: startsWith([0xff, 0xd8, 0xff]) },
  {
    type: 'image/gif',
    matches: (head) => startsWithText(head, 'GIF87a') || startsWithText(head, 'GIF89a'),
  },
  { type: 'image/webp', matches: (head) => riff(head, 'WEBP') },
  { type: 'audio/wav', matches: (head) => riff(head, 'WAVE') },
  { type: 'application/pdf', matches: (head) => startsWithText(head, '%PDF-') },
  { type: 'audio/ogg', matches: (head) => startsWithText(head, 'OggS') },
  {
    type: 'audio/mpeg',
    // An ID3 tag, or an MPEG audio frame (11 sync bits, a layer that is not "reserved").
    matches: (head) =>
      startsWithText(head, 'ID3') ||
      (head.length >= 2 &&
        head[0] === 0xff &&
        (head[1]! & 0xe0) === 0xe0 &&
        (head[1]! & 0x06) !== 0),
  },
  {
    type: 'video/webm',
    // EBML, whose document type names WebM within its first bytes (Matroska is not allowed).
    matches: (head) =>
      startsWith([0x1a, 0x45, 0xdf, 0xa3])(head) && head.subarray(4, 64).includes('webm'),
  },
  {
    // OpenDocument: the first entry is the uncompressed `mimetype` naming the kind.
    type: odt,
    matches: (head) =>
      isZip(head) &&
      head.length >= 38 + odt.length &&
      head.subarray(30, 38).toString('latin1') === 'mimetype' &&
      // The entry's size is that of the name exactly: not `…text-template`, `…text-master`.
      head.readUInt32LE(18) === odt.length &&
      head.subarray(38, 38 + odt.length).toString('latin1') === odt,
  },
];

// Office Open XML files are ZIP archives; their main part's name (in each entry's header and
// again in the archive's directory at the end) says which kind.
const officeParts: [part: string, type: AllowedMimeType][] = [
  ['word/document.xml', docx],
  ['xl/workbook.xml', xlsx],
  ['ppt/presentation.xml', pptx],
];
const longestPart = Math.max(...officeParts.map(([part]) => part.length));

const headBytes = 128;

/**
 * Finds a file's type from its bytes, fed chunk by chunk as they arrive: a known signature at
 * the start (for ZIP archives, the office document one is), else plain text when every byte is
 * valid UTF-8 without control characters (other than tab, line breaks and form feed). Anything
 * else (HTML and SVG included: they are text, and only ever served as text/plain) has no
 * allowed type.
 */
export class ContentTypeDetector {
  private head = Buffer.alloc(0);
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private text = true;
  // The end of the previous chunk, so a part name split across two chunks is still found.
  private tail = Buffer.alloc(0);
  private office: AllowedMimeType | null = null;

  push(chunk: Buffer): void {
    if (this.head.length < headBytes) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, headBytes - this.head.length)]);
    }
    if (this.text) this.text = this.decodes(chunk, true);
    if (!this.office && isZip(this.head)) {
      const window = Buffer.concat([this.tail, chunk]);
      this.office = officeParts.find(([part]) => window.includes(part))?.[1] ?? null;
      this.tail = window.subarray(Math.max(0, window.length - longestPart));
    }
  }

  /**
   * The detected type once every byte was pushed, or null when it is not allowed. An office
   * document is a ZIP archive too: named `.zip`, it is taken as one.
   */
  finish(extension = ''): AllowedMimeType | null {
    if (isZip(this.head)) {
      const kind =
        signatures.find((candidate) => candidate.matches(this.head))?.type ?? this.office;
      return kind && extension !== 'zip' ? kind : 'application/zip';
    }
    const isoBrand = this.head.subarray(4, 8).toString('latin1') === 'ftyp';
    if (isoBrand) return isoBrands[this.head.subarray(8, 12).toString('latin1')] ?? null;
    const signature = signatures.find((candidate) => candidate.matches(this.head));
    if (signature) return signature.type;
    if (this.text && this.decodes(new Uint8Array(0), false)) return 'text/plain';
    return null;
  }

  private decodes(bytes: Uint8Array, stream: boolean): boolean {
    try {
      // eslint-disable-next-line no-control-regex
      return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(
        this.decoder.decode(bytes, { stream }),
      );
    } catch {
      return false;
    }
  }
}

/** The lower-cased extension of a file name, or '' when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

function riff(head: Buffer, kind: string): boolean {
  return startsWithText(head, 'RIFF') && head.subarray(8, 12).toString('latin1') === kind;
}

function startsWith(bytes: number[]) {
  return (head: Buffer) => head.length >= bytes.length && bytes.every((b, i) => head[i] === b);
}

function startsWithText(head: Buffer, text: string): boolean {
  return head.subarray(0, text.length).toString('latin1') === text;
}
