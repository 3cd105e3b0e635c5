import type { Attachment } from '@confab/protocol/social-chat';

/** Finds a file uploaded to a chat, for a message that carries it. */
export interface AttachmentLookup {
  /** The file, only when it was uploaded to this chat; null otherwise. */
  findForChat(fileId: string, chatId: string): Promise<Attachment | null>;
}

/** With no file store, no file belongs to any chat: every fileId is refused. */
export const noAttachments: AttachmentLookup = {
  findForChat: () => Promise.resolve(null),
};
