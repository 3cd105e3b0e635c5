/**
 * Reads a picked, pasted or dropped file into an attachment (docs/product.md#prompt-attachments):
 * refused before reading when attachment-rules.ts says so; an image scaled and re-encoded in a
 * canvas when needed; a text file's text; a PDF's text through pdf.js, loaded only then.
 */
import {
  attachmentLimits,
  imageMimes,
  type PromptAttachment,
} from '@confab/protocol/prompt-attachments';
import {
  attachmentKind,
  cappedText,
  imageMime,
  imagePlan,
  refusalBeforeReading,
  type Refusal,
} from './attachment-rules';

export type ReadOutcome =
  { ok: true; attachment: PromptAttachment } | { ok: false; refusal: Refusal };

export interface ReadContext {
  vision: boolean;
  model: string;
  /** Attachments already waiting in the composer. */
  pending: number;
}

const name = (file: File) => (file.name || 'file').slice(0, attachmentLimits.nameMax);

function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : '');
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(blob);
  });
}

function canvasBlob(
  bitmap: ImageBitmap,
  width: number,
  height: number,
  type: string,
  quality: number,
): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) return Promise.resolve(null);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

async function readImage(file: File): Promise<ReadOutcome> {
  const mime = imageMime(file.name, file.type);
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    return { ok: false, refusal: { reason: 'unreadable', name: name(file) } };
  }
  try {
    const plan = imagePlan(bitmap.width, bitmap.height, file.size, mime);
    let blob: Blob = file;
    let type: string = mime;
    if (plan.encodeAs) {
      // Lower quality until it fits; a browser that cannot write webp gives png instead.
      for (const quality of [0.85, 0.7, 0.5]) {
        const encoded = await canvasBlob(bitmap, plan.width, plan.height, plan.encodeAs, quality);
        if (!encoded) break;
        blob = encoded;
        type = encoded.type;
        if (encoded.size <= attachmentLimits.imageReencodeBytes) break;
      }
    }
    const dataUrl = (await dataUrlOf(blob)).replace(/^data:[^;,]*/, `data:${type}`);
    if (
      !(imageMimes as readonly string[]).includes(type) ||
      dataUrl.length > attachmentLimits.imageDataUrlMax
    ) {
      return {
        ok: false,
        refusal: { reason: 'tooLarge', name: name(file), max: attachmentLimits.imageFileMaxBytes },
      };
    }
    return {
      ok: true,
      attachment: {
        kind: 'image',
        name: name(file),
        size: file.size,
        mime: type as (typeof imageMimes)[number],
        dataUrl,
        width: plan.width,
        height: plan.height,
      },
    };
  } finally {
    bitmap.close();
  }
}

async function readText(file: File, kind: 'text' | 'pdf'): Promise<ReadOutcome> {
  let text: string;
  try {
    if (kind === 'pdf') {
      const { pdfText } = await import('./pdf-text');
      text = await pdfText(await file.arrayBuffer());
    } else {
      text = await file.text();
    }
  } catch {
    return { ok: false, refusal: { reason: 'unreadable', name: name(file) } };
  }
  // A NUL is no text file's: it is a binary file with a text-like name.
  if (text.includes('\u0000')) {
    return { ok: false, refusal: { reason: 'unsupported', name: name(file) } };
  }
  if (!text.trim()) return { ok: false, refusal: { reason: 'noText', name: name(file) } };
  const capped = cappedText(text);
  return {
    ok: true,
    attachment: {
      kind,
      name: name(file),
      size: file.size,
      mime: file.type || (kind === 'pdf' ? 'application/pdf' : 'text/plain'),
      text: capped.text,
      ...(capped.truncated ? { truncated: true } : {}),
    },
  };
}

export async function readAttachment(file: File, context: ReadContext): Promise<ReadOutcome> {
  const refusal = refusalBeforeReading(file, context);
  if (refusal) return { ok: false, refusal: { ...refusal, name: name(file) } };
  const kind = attachmentKind(file.name, file.type);
  return kind === 'image' ? readImage(file) : readText(file, kind === 'pdf' ? 'pdf' : 'text');
}
