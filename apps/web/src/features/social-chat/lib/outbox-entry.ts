import type { ReplyQuote } from '@confab/protocol/reactions';
import type { AiMessagePayload } from '@confab/protocol/ai-in-chat';
import type { Attachment, ContentType, SocialMessage } from '@confab/protocol/social-chat';

/**
 * A message sent that the server has not confirmed yet (docs/product.md#social-message-status
 * status"): `sending` until the server's stored message comes back, `error` when the server
 * refused it (only those are retried, by the user). It is kept in IndexedDB, so a message typed
 * offline survives a reload and is sent when the connection returns.
 */
export interface OutboxEntry {
  /** The key of exactly-once delivery: a retried send is stored once by the server. */
  clientId: string;
  /** The sender; another account signing in on this browser never sends it. */
  userId: string;
  chatId: string;
  content: string;
  contentType: ContentType;
  /** Epoch milliseconds: the order of sending, and the time shown until the server's. */
  createdAt: number;
  status: 'sending' | 'error';
  error: string | null;
  /** A file still to upload; dropped once uploaded. */
  file: Blob | null;
  /**
   * The file's name, when the text is a caption (docs/product.md#chat-files); without it (an
   * entry kept from before captions) the text is the name.
   */
  fileName?: string | null;
  /** The uploaded file, sent with the message as `fileId`. */
  attachment: Attachment | null;
  /** The message it answers, sent as `replyToId` and shown quoted while it waits. */
  replyTo?: ReplyQuote | null;
  /** The snapshot of an AI message (docs/product.md#ai-in-chat), sent as `ai` with no content. */
  ai?: AiMessagePayload | null;
}

export type OutboxDraft = Pick<OutboxEntry, 'userId' | 'chatId' | 'content' | 'contentType'> & {
  file?: Blob | null;
  fileName?: string | null;
  replyTo?: ReplyQuote | null;
  ai?: AiMessagePayload | null;
};

/** What a send attempt came to. `retry` means "not refused: try again when connected". */
export type DeliveryOutcome =
  { ok: true; message: SocialMessage } | { ok: false; retry: boolean; error: string };

export type UploadOutcome =
  { ok: true; attachment: Attachment } | { ok: false; retry: boolean; error: string };

/** How the outbox reaches the server; the app's is the socket plus the upload endpoint. */
export interface OutboxTransport {
  isConnected: () => boolean;
  send: (entry: OutboxEntry) => Promise<DeliveryOutcome>;
  upload: (entry: OutboxEntry & { file: Blob }) => Promise<UploadOutcome>;
}

/** Where entries are kept between page loads. */
export interface OutboxPersistence {
  load: () => Promise<OutboxEntry[]>;
  put: (entry: OutboxEntry) => Promise<void>;
  remove: (clientId: string) => Promise<void>;
}
