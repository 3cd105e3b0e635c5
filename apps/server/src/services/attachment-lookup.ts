import type { Attachment } from '@confab/protocol/social-chat';

/** What a message carries: an image (only an image file will do) or any file. */
export type AttachmentKind = 'image' | 'file';

/** The files of messages: found for a message that carries one, released when it is deleted. */
export interface AttachmentLookup {
  /**
   * The file, only when it was uploaded to this chat; null otherwise. Asked only for a message
   * about to carry it: the file is kept from then on (files no message carries are removed).
   * An image message takes only an image: another file is refused (400) and left as it was.
   */
  findForChat(fileId: string, chatId: string, kind: AttachmentKind): Promise<Attachment | null>;
  /** The sender deleted the message carrying this file: it goes too, if they uploaded it. */
  release(fileId: string, chatId: string, senderId: string): Promise<void>;
}

/** With no file store, no file belongs to any chat: every fileId is refused. */
export const noAttachments: AttachmentLookup = {
  findForChat: () => Promise.resolve(null),
  release: () => Promise.resolve(),
};
