/**
 * What the composer takes as an attachment and how (docs/product.md#prompt-attachments): the
 * kind of a file from its type and name, the sizes refused before anything is read, the size an
 * image is sent at, and the token estimate. Pure: the reading itself is read-attachment.ts.
 */
import {
  attachmentLimits,
  imageMimes,
  type PromptAttachment,
  type PromptAttachmentKind,
} from '@confab/protocol/prompt-attachments';

type ImageMime = (typeof imageMimes)[number];

const imageExtensions: Record<string, ImageMime> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** Text files by extension: plain text, data and code (a browser often gives them no type). */
const textExtensions = new Set(
  (
    'txt text md markdown csv tsv json jsonl ndjson yaml yml toml ini cfg conf log xml html htm ' +
    'css scss less js mjs cjs jsx ts tsx mts cts py rb go rs java kt kts c h cc cpp hpp cs swift ' +
    'php pl sh bash zsh fish ps1 bat sql graphql gql proto r lua dart scala clj ex exs erl hs ' +
    'ml vue svelte tex rst adoc env gitignore dockerfile makefile'
  ).split(' '),
);

/** Types that are text although not `text/*`. */
const textMimes = new Set([
  'application/json',
  'application/ld+json',
  'application/xml',
  'application/javascript',
  'application/x-javascript',
  'application/typescript',
  'application/x-sh',
  'application/x-yaml',
  'application/yaml',
  'application/toml',
  'application/sql',
  'application/graphql',
]);

function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return (dot >= 0 ? base.slice(dot + 1) : base).toLowerCase();
}

export type Refusal =
  | { reason: 'unsupported'; name: string }
  | { reason: 'tooLarge'; name: string; max: number }
  | { reason: 'noVision'; name: string; model: string }
  | { reason: 'tooMany'; name: string; max: number }
  | { reason: 'unreadable'; name: string }
  | { reason: 'noText'; name: string };

/** The kind of a file, or null when it is not taken. The type decides first, then the name. */
export function attachmentKind(name: string, mime: string): PromptAttachmentKind | null {
  const type = mime.toLowerCase().split(';')[0]?.trim() ?? '';
  const extension = extensionOf(name);
  if ((imageMimes as readonly string[]).includes(type)) return 'image';
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('text/') || textMimes.has(type)) return 'text';
  // Another image, a video, an archive, a program: not taken, whatever the name says.
  if (type && type !== 'application/octet-stream') return null;
  if (imageExtensions[extension]) return 'image';
  if (extension === 'pdf') return 'pdf';
  if (textExtensions.has(extension)) return 'text';
  return null;
}

/** The image type of a file taken as an image. */
export function imageMime(name: string, mime: string): ImageMime {
  const type = mime.toLowerCase() as ImageMime;
  return (imageMimes as readonly string[]).includes(type)
    ? type
    : (imageExtensions[extensionOf(name)] ?? 'image/png');
}

export function maxBytesFor(kind: PromptAttachmentKind): number {
  switch (kind) {
    case 'image':
      return attachmentLimits.imageFileMaxBytes;
    case 'pdf':
      return attachmentLimits.pdfFileMaxBytes;
    case 'text':
      return attachmentLimits.textFileMaxBytes;
  }
}

/**
 * Why a file is refused before it is read, or null: a type not taken, a file over its kind's
 * size, an image for a model without vision, one file too many.
 */
export function refusalBeforeReading(
  file: { name: string; type: string; size: number },
  context: { vision: boolean; model: string; pending: number },
): Refusal | null {
  const kind = attachmentKind(file.name, file.type);
  if (!kind) return { reason: 'unsupported', name: file.name };
  if (context.pending >= attachmentLimits.perPrompt) {
    return { reason: 'tooMany', name: file.name, max: attachmentLimits.perPrompt };
  }
  if (kind === 'image' && !context.vision) {
    return { reason: 'noVision', name: file.name, model: context.model };
  }
  const max = maxBytesFor(kind);
  if (file.size > max) return { reason: 'tooLarge', name: file.name, max };
  return null;
}

export interface ImagePlan {
  width: number;
  height: number;
  /** The type to re-encode to; null: the file is sent as it is. */
  encodeAs: 'image/jpeg' | 'image/webp' | null;
}

/**
 * The size an image is sent at: the longest side at most `imageMaxSide` px, proportions kept.
 * It is re-encoded when scaled or when the file is over `imageReencodeBytes`: as webp when it
 * may have transparency (png, gif, webp), else as jpeg. A gif is re-encoded as its first frame.
 */
export function imagePlan(
  width: number,
  height: number,
  bytes: number,
  mime: ImageMime,
): ImagePlan {
  const max = attachmentLimits.imageMaxSide;
  const scale = Math.min(1, max / Math.max(width, height, 1));
  const scaled = scale < 1;
  const planned = {
    width: scaled ? Math.max(1, Math.round(width * scale)) : width,
    height: scaled ? Math.max(1, Math.round(height * scale)) : height,
  };
  if (!scaled && bytes <= attachmentLimits.imageReencodeBytes) {
    return { ...planned, encodeAs: null };
  }
  return { ...planned, encodeAs: mime === 'image/jpeg' ? 'image/jpeg' : 'image/webp' };
}

/** About one token per four characters. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** The token estimate of the files' text (images are not counted). */
export function attachmentTokens(attachments: readonly PromptAttachment[]): number {
  return attachments.reduce((sum, a) => sum + (a.kind === 'image' ? 0 : estimateTokens(a.text)), 0);
}

/** Text cut to the kept length, and whether it was cut. */
export function cappedText(text: string): { text: string; truncated: boolean } {
  const max = attachmentLimits.textMaxChars;
  return text.length > max
    ? { text: text.slice(0, max), truncated: true }
    : { text, truncated: false };
}

/**
 * A file's text as the model gets it: a fenced block headed by the file's name, the fence longer
 * than any backtick run in the text so that nothing inside can close it.
 */
export function fileContextBlock(attachment: { name: string; text: string }): string {
  const longest = Math.max(0, ...[...attachment.text.matchAll(/`+/g)].map((m) => m[0].length));
  const fence = '`'.repeat(Math.max(3, longest + 1));
  return `File: ${attachment.name}\n${fence}\n${attachment.text}\n${fence}`;
}

/** "12 KB", "3.4 MB": a size for a chip. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Only a base64 data URL of an image type sent may be shown or opened. */
export function isSafeImageDataUrl(url: string): boolean {
  return /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+=*$/.test(url);
}
