import type { uploadLimits } from '@confab/protocol/social-chat';

export type AllowedMimeType = (typeof uploadLimits.mimeTypes)[number];

/** The names a file of each allowed type may have; the content decides the type. */
export const extensionsByType: Record<AllowedMimeType, readonly string[]> = {
  'image/png': ['png'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/gif': ['gif'],
  'image/webp': ['webp'],
  'application/pdf': ['pdf'],
  'text/plain': ['txt', 'text', 'md', 'csv', 'log'],
  'application/zip': ['zip'],
};

const signatures: { type: AllowedMimeType; matches: (head: Buffer) => boolean }[] = [
  { type: 'image/png', matches: startsWith([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: 'image/jpeg', matches: startsWith([0xff, 0xd8, 0xff]) },
  {
    type: 'image/gif',
    matches: (head) => startsWithText(head, 'GIF87a') || startsWithText(head, 'GIF89a'),
  },
  {
    type: 'image/webp',
    matches: (head) => startsWithText(head, 'RIFF') && head.subarray(8, 12).toString() === 'WEBP',
  },
  { type: 'application/pdf', matches: (head) => startsWithText(head, '%PDF-') },
  // A local file header, or the end record of an empty archive.
  {
    type: 'application/zip',
    matches: (head) =>
      startsWith([0x50, 0x4b, 0x03, 0x04])(head) || startsWith([0x50, 0x4b, 0x05, 0x06])(head),
  },
];

const headBytes = 16;

/**
 * Finds a file's type from its bytes, fed chunk by chunk as they arrive: a known signature at
 * the start, else plain text when every byte is valid UTF-8 without control characters (other
 * than tab, line breaks and form feed). Anything else (HTML included: it is text, and is only
 * ever served as text/plain) has no allowed type.
 */
export class ContentTypeDetector {
  private head = Buffer.alloc(0);
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private text = true;

  push(chunk: Buffer): void {
    if (this.head.length < headBytes) {
      this.head = Buffer.concat([this.head, chunk.subarray(0, headBytes - this.head.length)]);
    }
    if (this.text) this.text = this.decodes(chunk, true);
  }

  /** The detected type once every byte was pushed, or null when it is not allowed. */
  finish(): AllowedMimeType | null {
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

function startsWith(bytes: number[]) {
  return (head: Buffer) => head.length >= bytes.length && bytes.every((b, i) => head[i] === b);
}

function startsWithText(head: Buffer, text: string): boolean {
  return head.subarray(0, text.length).toString('latin1') === text;
}
