export type RasterType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/**
 * The type of a raster image every browser decodes safely, from its first bytes; null for
 * anything else, SVG included, whatever the server that sent it claimed.
 */
export function rasterImageType(bytes: Buffer): RasterType | null {
  const starts = (signature: number[]) => signature.every((byte, i) => bytes[i] === byte);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (starts([0xff, 0xd8, 0xff])) return 'image/jpeg';
  const head = bytes.subarray(0, 12).toString('latin1');
  if (head.startsWith('GIF87a') || head.startsWith('GIF89a')) return 'image/gif';
  if (head.startsWith('RIFF') && head.slice(8, 12) === 'WEBP') return 'image/webp';
  return null;
}
