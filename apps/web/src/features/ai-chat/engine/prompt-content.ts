/**
 * The user's prompt as model content (docs/product.md#prompt-content): HTML tags stripped for
 * models without vision; for vision models, text parts and image parts from <img> tags (a URL or
 * base64 data), the media type taken from the data URL or the file extension, default jpeg.
 * Only real HTML is stripped, never code: prompts are often about code, where `Array<string>`
 * or `<MyButton>` mean what they say. Whether anything was stripped is told, so the message can
 * say that the model got something else than the bubble shows.
 */
import type { VisionSupport } from '@confab/protocol/models';
import type { PromptAttachment } from '@confab/protocol/prompt-attachments';
import type { ImagePart, TextPart } from 'ai';
import { fileContextBlock } from '../lib/attachment-rules';
import { splitCode, stripHtmlTags } from './html-tags';

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

export type PromptContent = string | Array<TextPart | ImagePart>;

export interface PreparedPrompt {
  content: PromptContent;
  /** Tags were taken out: what the model gets differs from what the user wrote. */
  htmlStripped: boolean;
}

/** The prompt without its HTML tags; code spans and fenced blocks are kept as written. */
export function stripHtml(text: string): string {
  return splitCode(text)
    .map((piece) => (piece.code ? piece.text : stripHtmlTags(piece.text)))
    .join('');
}

/** The media type of an image source: the data URL's own type, or from the extension. */
export function imageMediaType(src: string): string {
  const data = /^data:(image\/[a-z0-9.+-]+)[;,]/i.exec(src);
  if (data?.[1]) return data[1].toLowerCase();
  const path = src.split(/[?#]/)[0] ?? '';
  const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase();
  return (extension && imageTypes[extension]) || 'image/jpeg';
}

function imagePart(src: string, vision: VisionSupport): ImagePart | null {
  if (src.startsWith('data:')) {
    if (!vision.allowBase64) return null;
    return {
      type: 'image',
      image: src.slice(src.indexOf(',') + 1),
      mediaType: imageMediaType(src),
    };
  }
  if (!vision.allowUrl || !/^https?:\/\//i.test(src) || !URL.canParse(src)) return null;
  return { type: 'image', image: new URL(src), mediaType: imageMediaType(src) };
}

/** Text and image parts, images taken only from img tags outside code. */
function visionParts(prompt: string, vision: VisionSupport): PreparedPrompt {
  const parts: Array<TextPart | ImagePart> = [];
  let text = '';
  let htmlStripped = false;
  const flush = () => {
    const stripped = stripHtml(text);
    if (stripped !== text) htmlStripped = true;
    const trimmed = stripped.trim();
    if (trimmed) parts.push({ type: 'text', text: trimmed });
    text = '';
  };
  for (const piece of splitCode(prompt)) {
    if (piece.code) {
      text += piece.text;
      continue;
    }
    let last = 0;
    for (const match of piece.text.matchAll(imgTag)) {
      text += piece.text.slice(last, match.index);
      last = match.index + match[0].length;
      const image = imagePart(match[2]?.trim() ?? '', vision);
      if (image) {
        flush();
        parts.push(image);
      } else {
        // Not sendable as an image: left for stripping like any other tag.
        text += match[0];
      }
    }
    text += piece.text.slice(last);
  }
  flush();
  return { content: parts, htmlStripped };
}

/** What the model gets for the prompt, and whether HTML was taken out of it. */
export function preparePrompt(prompt: string, vision: VisionSupport | undefined): PreparedPrompt {
  const text = stripHtml(prompt);
  if (vision?.enabled) {
    // Images are what img tags are for; only other tags count as stripped.
    const prepared = visionParts(prompt, vision);
    if (typeof prepared.content !== 'string' && prepared.content.some((p) => p.type === 'image')) {
      return prepared;
    }
  }
  return { content: text, htmlStripped: text !== prompt };
}

export function promptContent(prompt: string, vision: VisionSupport | undefined): PromptContent {
  return preparePrompt(prompt, vision).content;
}

/**
 * The prompt with its attachments (docs/product.md#prompt-attachments): the files' text after
 * the prompt's, one fenced block per file headed by its name, in the same text part (Ollama joins
 * text parts without a break); the images after it as image parts, only for a model with vision.
 */
export function withAttachments(
  content: PromptContent,
  attachments: readonly PromptAttachment[] | undefined,
  vision: boolean,
): PromptContent {
  if (!attachments?.length) return content;
  const files = attachments.flatMap((a) => (a.kind === 'image' ? [] : [fileContextBlock(a)]));
  const images: ImagePart[] = vision
    ? attachments.flatMap((a) =>
        a.kind === 'image'
          ? [
              {
                type: 'image',
                image: a.dataUrl.slice(a.dataUrl.indexOf(',') + 1),
                mediaType: a.mime,
              },
            ]
          : [],
      )
    : [];
  const parts: Array<TextPart | ImagePart> =
    typeof content === 'string'
      ? [{ type: 'text', text: [content, ...files].filter(Boolean).join('\n\n') }]
      : [
          ...content,
          ...(files.length ? [{ type: 'text' as const, text: `\n\n${files.join('\n\n')}` }] : []),
        ];
  if (!images.length && parts.every((p) => p.type === 'text')) {
    return parts.map((p) => p.text).join('');
  }
  // A prompt of images only has no text part: an empty one is no use to a model.
  return [...parts.filter((p) => p.type !== 'text' || p.text.trim() !== ''), ...images];
}
