/** What the export / import menu loads on first use (use-chat-transfer.ts). */
export { chatsForExport, importChatFile } from '../actions/chat-transfer';
export { chatsToJson } from '../lib/chat-export/json';
export { chatsToMarkdown } from '../lib/chat-export/markdown';
export { ChatImportError } from '../lib/chat-import/types';
