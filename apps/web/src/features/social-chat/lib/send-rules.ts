import { limits } from '@confab/protocol/limits';
import { uploadLimits, type ContentType } from '@confab/protocol/social-chat';
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

/** The upload rules the server applies (size cap, type allow-list), checked before sending. */
export function fileProblem(file: { size: number; type: string }): FileProblem | null {
  if (file.size === 0) return 'empty';
  if (file.size > uploadLimits.maxBytes) return 'tooBig';
  if (!(uploadLimits.mimeTypes as readonly string[]).includes(file.type)) return 'type';
  return null;
}

export const isImageType = (mimeType: string) => mimeType.startsWith('image/');

/** The content type a file is sent as: images are previewed, other files are links. */
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
