/**
 * Reads an export file of AI chats (docs/product.md#ai-chat-transfer): its size is checked
 * before it is read, then its format is recognised (Confab, ChatGPT, Open WebUI, LibreChat)
 * and its chats are read. A file that is none of these throws a ChatImportError.
 */
import { aiChatImportMaxBytes } from '@confab/protocol/ai-chat-export';
import { looksLikeChatGpt, parseChatGpt } from './chatgpt';
import { looksLikeConfab, parseConfab } from './confab';
import { looksLikeLibreChat, parseLibreChat } from './librechat';
import { looksLikeOpenWebUi, parseOpenWebUi } from './open-webui';
import { ChatImportError, type ParsedExport } from './types';

export type ExportFormat = 'confab' | 'chatgpt' | 'open-webui' | 'librechat';

export function parseExport(text: string): ParsedExport & { format: ExportFormat } {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new ChatImportError('notJson');
  }
  let parsed: (ParsedExport & { format: ExportFormat }) | null = null;
  if (looksLikeConfab(data)) {
    const confab = parseConfab(data);
    if (confab) parsed = { ...confab, format: 'confab' };
  } else if (looksLikeOpenWebUi(data)) parsed = { ...parseOpenWebUi(data), format: 'open-webui' };
  else if (looksLikeChatGpt(data)) parsed = { ...parseChatGpt(data), format: 'chatgpt' };
  else if (looksLikeLibreChat(data)) parsed = { ...parseLibreChat(data), format: 'librechat' };
  if (!parsed) throw new ChatImportError('notExport');
  if (!parsed.chats.length && !parsed.skipped.length) throw new ChatImportError('empty');
  return parsed;
}

/** Reads a chosen file: one over the size limit is refused without being read. */
export async function readExportFile(file: Blob): Promise<ParsedExport & { format: ExportFormat }> {
  if (file.size > aiChatImportMaxBytes) throw new ChatImportError('tooLarge');
  return parseExport(await file.text());
}
