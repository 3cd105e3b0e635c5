import type { AiChat, AiChatMessage } from '@confab/protocol/ai-chat';

/** A chat read from an export file, ready to be stored. */
export interface ImportedChat {
  chat: AiChat;
  messages: AiChatMessage[];
}

/** Why an entry of an export was left out (each has its text in the mindBox catalog). */
export type SkipReason = 'noMessages' | 'invalid' | 'alreadyThere';

export interface SkippedEntry {
  /** The entry's title in the file, or its place ("#3") when it has none. */
  title: string;
  reason: SkipReason;
}

export interface ParsedExport {
  chats: ImportedChat[];
  skipped: SkippedEntry[];
}

/** Why a whole file imports nothing. */
export type ImportFailure = 'tooLarge' | 'notJson' | 'notExport' | 'empty';

export class ChatImportError extends Error {
  constructor(readonly reason: ImportFailure) {
    super(`Not an importable chat export: ${reason}`);
    this.name = 'ChatImportError';
  }
}
