/**
 * The user's prompt as model content (docs/product.md#prompt-content): HTML tags stripped for
 * models without vision; for vision models, text parts and image parts from <img> tags (a URL or
 * base64 data), the media type taken from the data URL or the file extension, default jpeg.
 */
import type { VisionSupport } from '@confab/protocol/models';
import type { ImagePart, TextPart } from 'ai';

const imageTypes: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  bmp: 'image/bmp',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
};

const imgTag = /<img\b[^>]*?\bsrc\s*=\s*(["'])(.*?)\1[^>]*>/gi;

export function stripHtml(text: string): string {
  return text.replace(/<[^>]*>/g, '');
}

/** The media type of an image source: the data URL's own type, or from the extension. */
export function imageMediaType(src: string): string {
  const data = /^data:(image\/[a-z0-9.+-]+)[;,]/i.exec(src);
  if (data?.[1]) return data[1].toLowerCase();
  const path = src.split(/[?#]/)[0] ?? '';
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  return (extension && imageTypes[extension]) || 'image/jpeg';
}

export function promptContent(
  prompt: string,
  vision: VisionSupport | undefined,
): string | Array<TextPart | ImagePart> {
  if (!vision?.enabled) return stripHtml(prompt);
  const parts: Array<TextPart | ImagePart> = [];
  let last = 0;
  for (const match of prompt.matchAll(imgTag)) {
    const src = match[2]?.trim() ?? '';
    const before = stripHtml(prompt.slice(last, match.index)).trim();
    if (before) parts.push({ type: 'text', text: before });
    last = match.index + match[0].length;
    const isData = src.startsWith('data:');
    if (isData ? vision.allowBase64 : vision.allowUrl && /^https?:\/\//i.test(src)) {
      const image = isData ? src.slice(src.indexOf(',') + 1) : new URL(src);
      parts.push({ type: 'image', image, mediaType: imageMediaType(src) });
    }
  }
  const rest = stripHtml(prompt.slice(last)).trim();
  if (rest) parts.push({ type: 'text', text: rest });
  if (!parts.some((part) => part.type === 'image')) return stripHtml(prompt);
  return parts;
}
