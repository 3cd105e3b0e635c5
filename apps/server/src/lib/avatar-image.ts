import type { AvatarMimeType } from '@confab/protocol/profile';

/**
 * The type of an avatar image, read from its bytes, or null when it is not a plain PNG, JPEG or
 * WebP picture. Beyond the signature, the file must end where the format says it ends (a PNG's
 * IEND chunk, a JPEG's end-of-image marker, a WebP's RIFF length): bytes appended after an image
 * are how a polyglot hides an archive or a page in it. Markup anywhere is refused too.
 */
export function avatarTypeOf(bytes: Buffer): AvatarMimeType | null {
  if (containsMarkup(bytes)) return null;
  if (isPng(bytes)) return 'image/png';
  if (isJpeg(bytes)) return 'image/jpeg';
  if (isWebp(bytes)) return 'image/webp';
  return null;
}

const pngSignature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
// The IEND chunk: length 0, type, CRC.
const pngEnd = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

function isPng(bytes: Buffer): boolean {
  return (
    bytes.length > pngSignature.length + pngEnd.length &&
    bytes.subarray(0, 8).equals(pngSignature) &&
    bytes.subarray(bytes.length - pngEnd.length).equals(pngEnd)
  );
}

function isJpeg(bytes: Buffer): boolean {
  return (
    bytes.length > 4 &&
    bytes[0] === 0xff &&
    bytes[1] === 0xd8 &&
    bytes[2] === 0xff &&
    bytes[bytes.length - 2] === 0xff &&
    bytes[bytes.length - 1] === 0xd9
  );
}

function isWebp(bytes: Buffer): boolean {
  return (
    bytes.length > 12 &&
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP' &&
    bytes.readUInt32LE(4) + 8 === bytes.length
  );
}

const markup = /<(?:\?php|!doctype|html|script|svg|iframe|body|head|object|embed)/i;

function containsMarkup(bytes: Buffer): boolean {
  return markup.test(bytes.toString('latin1'));
}
