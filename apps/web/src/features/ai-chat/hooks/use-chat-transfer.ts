/**
 * The chat menu's export and import (docs/product.md#ai-chat-transfer): downloads an export,
 * imports a chosen file and keeps what to show of it.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ImportSummary } from '../actions/chat-transfer';
import type { ImportFailure } from '../lib/chat-import/types';
import { downloadFile } from '../lib/download-file';

/** The readers and writers of export files load when first used, not with the page. */
const transferCode = () => import('./chat-transfer-code');

export type ExportFormat = 'json' | 'markdown';

export type ImportOutcome =
  | { state: 'reading' }
  | { state: 'done'; summary: ImportSummary }
  | { state: 'failed'; reason: ImportFailure | 'unreadable' };

/** A file name from the chat's title, or `confab-ai-chats` for all of them. */
function fileName(title: string | null, format: ExportFormat): string {
  const base = title
    ? title
        .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
        .trim()
        .slice(0, 60) || 'confab-ai-chat'
    : 'confab-ai-chats';
  return `${base}.${format === 'json' ? 'json' : 'md'}`;
}

export function useChatTransfer() {
  const { t } = useTranslation('mindBox');
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);

  const exportChats = async (format: ExportFormat, chatId?: string) => {
    const { chatsForExport, chatsToJson, chatsToMarkdown } = await transferCode();
    const entries = await chatsForExport(chatId);
    const title = chatId ? (entries[0]?.chat.summary ?? '') || t('chats.untitled') : null;
    if (format === 'json') {
      downloadFile(fileName(title, format), chatsToJson(entries), 'application/json');
      return;
    }
    const labels = {
      you: t('transfer.markdown.you'),
      assistant: t('transfer.markdown.assistant'),
      reasoning: t('message.reasoning'),
      model: t('transfer.markdown.model'),
      system: t('transfer.markdown.system'),
      untitled: t('chats.untitled'),
      attachments: t('attachments.pending'),
    };
    downloadFile(fileName(title, format), chatsToMarkdown(entries, labels), 'text/markdown');
  };

  const importFile = async (file: File) => {
    setOutcome({ state: 'reading' });
    const { importChatFile, ChatImportError } = await transferCode();
    try {
      setOutcome({ state: 'done', summary: await importChatFile(file) });
    } catch (error) {
      if (!(error instanceof ChatImportError)) console.error('Chat import failed', error);
      setOutcome({
        state: 'failed',
        reason: error instanceof ChatImportError ? error.reason : 'unreadable',
      });
    }
  };

  return { outcome, closeOutcome: () => setOutcome(null), exportChats, importFile };
}
