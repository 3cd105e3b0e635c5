import type { Attachment } from '@confab/protocol/social-chat';

/** The files of messages: found for a message that carries one, released when it is deleted. */
export interface AttachmentLookup {
  /**
   * The file, only when it was uploaded to this chat; null otherwise. Asked only for a message
   * about to carry it: the file is kept from then on (files no message carries are removed).
   */
  findForChat(fileId: string, chatId: string): Promise<Attachment | null>;
  /** The sender deleted the message carrying this file: it goes too, if they uploaded it. */
  release(fileId: string, chatId: string, senderId: string): Promise<void>;
}

/** With no file store, no file belongs to any chat: every fileId is refused. */
export const noAttachments: AttachmentLookup = {
  findForChat: () => Promise.resolve(null),
  release: () => Promise.resolve(),
};
