/**
 * Media from tool results is shown only as data URLs of the declared type, and only for types
 * a browser shows without running anything (an SVG in an <img> runs no script).
 */
const imageTypes = new Set([
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'image/svg+xml',
]);
const audioTypes = new Set([
  'audio/wav',
  'audio/x-wav',
  'audio/mpeg',
  'audio/ogg',
  'audio/webm',
  'audio/mp4',
  'audio/aac',
  'audio/flac',
]);
const base64 = /^[A-Za-z0-9+/]*={0,2}$/;

function dataUrl(allowed: Set<string>, mimeType: string, data: string): string | null {
  const type = mimeType.trim().toLowerCase();
  const payload = data.replace(/\s+/g, '');
  if (!allowed.has(type) || payload.length === 0 || !base64.test(payload)) return null;
  return `data:${type};base64,${payload}`;
}

export const imageDataUrl = (mimeType: string, data: string) => dataUrl(imageTypes, mimeType, data);
export const audioDataUrl = (mimeType: string, data: string) => dataUrl(audioTypes, mimeType, data);

/** A link target only for web addresses: no javascript:, data: or file: links from tools. */
export function safeHref(uri: string): string | null {
  try {
    const url = new URL(uri);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Decoded size of base64 data, for "binary, 12.3 KiB" labels. */
export function base64Bytes(data: string): number {
  const payload = data.replace(/\s+/g, '');
  const padding = payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0;
  return Math.max(0, Math.floor((payload.length * 3) / 4) - padding);
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}
