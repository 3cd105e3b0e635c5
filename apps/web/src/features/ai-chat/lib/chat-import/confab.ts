/**
 * Confab's own export (`@confab/protocol/ai-chat-export`): every entry is checked on its own, so
 * a damaged chat is skipped and the others come in with their ids and every field as exported.
 */
import {
  aiChatExportEntrySchema,
  aiChatExportEnvelopeSchema,
  aiChatExportFormat,
} from '@confab/protocol/ai-chat-export';
import { hasBrokenLinks } from '../message-tree';
import { isRecord, textOf } from './turns';
import type { ParsedExport } from './types';

export function looksLikeConfab(data: unknown): boolean {
  return isRecord(data) && data.format === aiChatExportFormat;
}

/** Null when the envelope itself is not Confab's (e.g. another version). */
export function parseConfab(data: unknown): ParsedExport | null {
  const envelope = aiChatExportEnvelopeSchema.safeParse(data);
  if (!envelope.success) return null;
  const result: ParsedExport = { chats: [], skipped: [] };
  envelope.data.chats.forEach((entry, i) => {
    const parsed = aiChatExportEntrySchema.safeParse(entry);
    const chat = isRecord(entry) && isRecord(entry.chat) ? entry.chat : {};
    const title = textOf(chat.summary) || `#${i + 1}`;
    if (
      !parsed.success ||
      parsed.data.messages.some((m) => m.chatId !== parsed.data.chat.id) ||
      hasBrokenLinks(parsed.data.messages)
    ) {
      result.skipped.push({ title, reason: 'invalid' });
      return;
    }
    result.chats.push(parsed.data);
  });
  return result;
}
