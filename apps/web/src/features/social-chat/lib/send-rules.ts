import { limits } from '@confab/protocol/limits';
import {
  attachmentDisplay,
  uploadFileExtensions,
  uploadLimits,
  type ContentType,
} from '@confab/protocol/social-chat';
import { isPresent } from '@/components/chat-input/input-rules';

/**
 * docs/product.md#send-rules: a message needs non-blank text, a chat and a signed-in user; anything
 * less is refused with the missing-parameters warning.
 */
export function sendProblem(input: {
  text: string;
  chatId: string | null;
  userId: string | null;
}): 'missing' | 'tooLong' | null {
  if (!isPresent(input.text) || !input.chatId || !input.userId) return 'missing';
  if (input.text.trim().length > limits.chatInputMax) return 'tooLong';
  return null;
}

export type FileProblem = 'tooBig' | 'type' | 'empty';

/** The lower-cased extension of a file name, or '' when it has none. */
function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * The upload rules the server applies (size cap, type allow-list), checked before sending. The
 * name decides here, since browsers name many types differently (or not at all: HEIC); the
 * server reads the content and refuses a file that is not what its name says.
 */
export function fileProblem(file: {
  size: number;
  type: string;
  name: string;
}): FileProblem | null {
  if (file.size === 0) return 'empty';
  if (file.size > uploadLimits.maxBytes) return 'tooBig';
  if (!uploadFileExtensions.includes(extensionOf(file.name))) return 'type';
  return null;
}

/** What the file chooser offers: every allowed name ending. */
export const acceptedFiles = uploadFileExtensions.map((extension) => `.${extension}`).join(',');

export const isImageType = (mimeType: string) => attachmentDisplay(mimeType) === 'image';

/** The content type a file is sent as: images shown in place are `image`, all else `file`. */
export function fileContentType(file: { type: string }): ContentType {
  return isImageType(file.type) ? 'image' : 'file';
}

/** The text stored with a file message: its name, within the content limit. */
export function fileMessageText(name: string): string {
  return (name.trim() || 'file').slice(0, limits.chatInputMax);
}

const units = ['B', 'KB', 'MB', 'GB'] as const;
/** 1536 → "1.5 KB". */
export function formatSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  return `${value.toFixed(digits)} ${units[unit]}`;
}
