/**
 * Files and images attached to a prompt (docs/product.md#prompt-attachments): the limits the
 * composer applies and the stored shape, shared by the web app and the history sync.
 */

export const attachmentLimits = {
  /** Attachments one prompt may carry. */
  perPrompt: 10,
  /** Largest image file read; a larger one is refused before it is read. */
  imageFileMaxBytes: 20 * 1024 * 1024,
  /** Longest side of an image as sent; a larger one is scaled down. */
  imageMaxSide: 2048,
  /** An image file over this size is re-encoded even when small enough in pixels. */
  imageReencodeBytes: 4 * 1024 * 1024,
  /** Longest data URL kept for an image (the re-encoded image, in base64). */
  imageDataUrlMax: 6_000_000,
  /** Largest text file read. */
  textFileMaxBytes: 1024 * 1024,
  /** Largest PDF read. */
  pdfFileMaxBytes: 20 * 1024 * 1024,
  /** Extracted text kept per file; the rest is cut. */
  textMaxChars: 200_000,
  /** Longest file name kept. */
  nameMax: 255,
} as const;

export type PromptAttachmentKind = 'image' | 'text' | 'pdf';

/** One attachment as the message keeps it. */
export type PromptAttachment =
  | {
      kind: 'image';
      name: string;
      /** The file's size as picked, in bytes. */
      size: number;
      /** The type of the image as sent (after any re-encoding). */
      mime: 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';
      /** The image as sent: a base64 data URL of `mime`. */
      dataUrl: string;
      width: number;
      height: number;
    }
  | {
      kind: 'text' | 'pdf';
      name: string;
      size: number;
      mime: string;
      /** The text taken from the file (for a PDF, from its pages). */
      text: string;
      /** The text was cut at `attachmentLimits.textMaxChars`. */
      truncated?: boolean;
    };

export const imageMimes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
