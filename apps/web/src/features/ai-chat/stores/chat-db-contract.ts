/**
 * What the AI chat database offers, whichever engine holds it (IndexedDB or memory), and the
 * sync's outbox records (docs/product.md#ai-history-sync).
 */
import type { AiChat, AiChatMessage } from '@confab/protocol/ai-chat';

/** A chat or message changed on this device and not yet pushed; `version` tells re-changes apart. */
export interface OutboxEntry {
  key: string;
  kind: 'chat' | 'message';
  id: string;
  /** The message's chat (the chat's own id for a chat). */
  chatId: string;
  deleted: boolean;
  version: string;
}

/** Changes pulled from the server, applied without going back into the outbox. */
export interface RemoteChanges {
  chats: AiChat[];
  deletedChats: string[];
  messages: AiChatMessage[];
  deletedMessages: string[];
  /** The server revision of each chat written or confirmed. */
  chatRevisions: Record<string, number>;
}

export interface ChatDb {
  persistent: boolean;
  listChats(): Promise<AiChat[]>;
  getChat(id: string): Promise<AiChat | undefined>;
  putChat(chat: AiChat): Promise<void>;
  /** Deletes the chat and every message of it. */
  deleteChat(id: string): Promise<void>;
  listMessages(chatId: string): Promise<AiChatMessage[]>;
  /** The chat's last `count` messages, oldest first (what a chat shows when it opens). */
  listRecentMessages(chatId: string, count: number): Promise<AiChatMessage[]>;
  getMessage(id: string): Promise<AiChatMessage | undefined>;
  putMessage(message: AiChatMessage): Promise<void>;
  putMessages(messages: readonly AiChatMessage[]): Promise<void>;
  deleteMessages(ids: readonly string[]): Promise<void>;

  // Sync (docs/product.md#ai-history-sync).
  readOutbox(): Promise<OutboxEntry[]>;
  /** Removes these entries unless they changed again since they were read. */
  clearOutbox(entries: readonly OutboxEntry[]): Promise<void>;
  /** Puts every chat and message in the outbox: the first sync of data made before it. */
  enqueueAll(): Promise<void>;
  /** Puts these messages, unchanged, in the outbox again: the server lost them. */
  enqueueMessages(messages: readonly AiChatMessage[]): Promise<void>;
  /** Writes pulled or confirmed changes; entries still in the outbox are not overwritten. */
  applyRemote(changes: RemoteChanges): Promise<void>;
  chatRevision(id: string): Promise<number>;
  getMeta(key: string): Promise<unknown>;
  setMeta(key: string, value: unknown): Promise<void>;
}

export const outboxKey = (kind: OutboxEntry['kind'], id: string) => `${kind}:${id}`;

export function outboxEntry(
  kind: OutboxEntry['kind'],
  id: string,
  chatId: string,
  deleted = false,
): OutboxEntry {
  return { key: outboxKey(kind, id), kind, id, chatId, deleted, version: crypto.randomUUID() };
}

type Listener = () => void;
const listeners = new Set<Listener>();

/** Runs `listener` after every change made on this device (the sync pushes it). */
export function onLocalChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function noteLocalChange(): void {
  for (const listener of listeners) listener();
}
