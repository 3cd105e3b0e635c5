/** Confab's JSON export of AI chats: every field, re-importable as it was (docs/product.md#ai-chat-transfer). */
import {
  aiChatExportFormat,
  aiChatExportVersion,
  type AiChatExport,
  type AiChatExportEntry,
} from '@confab/protocol/ai-chat-export';

export function chatsToJson(entries: readonly AiChatExportEntry[], now = new Date()): string {
  const file: AiChatExport = {
    format: aiChatExportFormat,
    version: aiChatExportVersion,
    exportedAt: now.toISOString(),
    chats: [...entries],
  };
  return JSON.stringify(file, null, 2);
}
