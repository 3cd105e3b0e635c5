/**
 * Export and import of AI chats (docs/product.md#ai-chat-transfer): reads the chats to export
 * from the store, and stores the chats of an imported file without overwriting any chat.
 */
import type { AiChatExportEntry } from '@confab/protocol/ai-chat-export';
import { readExportFile } from '../lib/chat-import/detect';
import type { SkippedEntry } from '../lib/chat-import/types';
import { chatDb } from '../stores/chat-db';
import { replaceChat } from '../stores/chat-store';
import { openChat } from './chat-actions';

/** The chats to export with their messages, oldest message first: one chat, or every chat. */
export async function chatsForExport(chatId?: string): Promise<AiChatExportEntry[]> {
  const db = await chatDb();
  const chats = (await db.listChats()).filter((c) => chatId === undefined || c.id === chatId);
  return Promise.all(
    chats.map(async (chat) => ({ chat, messages: await db.listMessages(chat.id) })),
  );
}

export interface ImportSummary {
  /** Titles of the chats imported. */
  imported: string[];
  skipped: SkippedEntry[];
}

/**
 * Imports a chosen export file. A chat whose id is already stored (a Confab export imported
 * again) is skipped as already there; chats of other apps get new ids. Throws ChatImportError
 * when the file is not an export. The first chat imported is opened.
 */
export async function importChatFile(file: Blob): Promise<ImportSummary> {
  const parsed = await readExportFile(file);
  const db = await chatDb();
  const existing = new Set((await db.listChats()).map((c) => c.id));
  const summary: ImportSummary = { imported: [], skipped: [...parsed.skipped] };
  let firstId: string | null = null;
  for (const { chat, messages } of parsed.chats) {
    if (existing.has(chat.id)) {
      summary.skipped.push({ title: chat.summary || `#${chat.id}`, reason: 'alreadyThere' });
      continue;
    }
    existing.add(chat.id);
    await db.putMessages(messages);
    await db.putChat(chat);
    replaceChat(chat);
    summary.imported.push(chat.summary);
    firstId ??= chat.id;
  }
  if (firstId) await openChat(firstId);
  return summary;
}
