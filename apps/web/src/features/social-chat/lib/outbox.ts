import type { SocialMessage } from '@confab/protocol/social-chat';
import type { OutboxDraft, OutboxEntry, OutboxPersistence, OutboxTransport } from './outbox-entry';

type Listener = () => void;
type DeliveredListener = (message: SocialMessage) => void;

export interface Outbox {
  /** Resolves once the entries of earlier page loads are read. */
  ready: Promise<void>;
  /** Every entry, oldest first (a stable array until something changes). */
  entries: () => readonly OutboxEntry[];
  subscribe: (listener: Listener) => () => void;
  /** Called with the server's message each time one of the entries is delivered. */
  onDelivered(listener: DeliveredListener): () => void;
  add(draft: OutboxDraft): Promise<OutboxEntry>;
  /** An `error` entry goes back to `sending` and is sent again; others are left alone. */
  retry(clientId: string): Promise<void>;
  /** Drops an entry the user gave up on. */
  discard(clientId: string): Promise<void>;
  /**
   * The server's copy arrived by another way (an event, a catch-up): the entry is done. Only
   * a message of the entry's own sender settles it, since client ids are unique per sender.
   */
  settle(message: SocialMessage): void;
  /** Sends the user's `sending` entries in order while connected. Safe to call any time. */
  flush(userId: string): Promise<void>;
}

const newClientId = () => crypto.randomUUID();

/**
 * The outbox (docs/product.md#social-message-status: a send's client-made id is stored once). One
 * entry is sent at a time, oldest first, so the server numbers a user's messages in the order
 * they were typed. A send with no answer (offline, a dropped connection) stays `sending` and is
 * sent again on the next flush with the same `clientId`; a refusal turns it to `error`.
 */
export function createOutbox(deps: {
  transport: OutboxTransport;
  persistence: OutboxPersistence;
  now?: () => number;
}): Outbox {
  const { transport, persistence } = deps;
  const now = deps.now ?? Date.now;
  const byId = new Map<string, OutboxEntry>();
  let snapshot: readonly OutboxEntry[] = [];
  const listeners = new Set<Listener>();
  const delivered = new Set<DeliveredListener>();
  let flushing: Promise<void> | null = null;
  let flushAgain = false;

  const changed = () => {
    snapshot = [...byId.values()].sort((a, b) => a.createdAt - b.createdAt);
    for (const listener of listeners) listener();
  };

  const update = async (entry: OutboxEntry) => {
    byId.set(entry.clientId, entry);
    changed();
    await persistence.put(entry);
  };

  const remove = async (clientId: string) => {
    if (!byId.delete(clientId)) return;
    changed();
    await persistence.remove(clientId);
  };

  const ready = persistence.load().then((stored) => {
    for (const entry of stored) if (!byId.has(entry.clientId)) byId.set(entry.clientId, entry);
    changed();
  });

  /** Sends one entry; false when the connection is gone and the flush should stop. */
  const deliver = async (entry: OutboxEntry): Promise<boolean> => {
    let current = entry;
    if (current.file && !current.attachment) {
      const uploaded = await transport.upload({ ...current, file: current.file });
      if (!byId.has(current.clientId)) return true;
      if (!uploaded.ok) {
        if (uploaded.retry) return false;
        await update({ ...current, status: 'error', error: uploaded.error });
        return true;
      }
      current = { ...current, file: null, attachment: uploaded.attachment };
      await update(current);
    }
    const outcome = await transport.send(current);
    if (!byId.has(current.clientId)) return true;
    if (outcome.ok) {
      // The stored message is handed on before the entry leaves: were it the other way round,
      // the message would vanish from view while IndexedDB deletes the entry, and a read mark
      // arriving meanwhile would find nothing to mark.
      for (const listener of delivered) listener(outcome.message);
      await remove(current.clientId);
      return true;
    }
    if (outcome.retry) return false;
    await update({ ...current, status: 'error', error: outcome.error });
    return true;
  };

  const runFlush = async (userId: string) => {
    await ready;
    do {
      flushAgain = false;
      for (const entry of snapshot) {
        if (entry.userId !== userId || entry.status !== 'sending') continue;
        if (!transport.isConnected()) return;
        const current = byId.get(entry.clientId);
        if (!current || current.status !== 'sending') continue;
        if (!(await deliver(current))) return;
      }
    } while (flushAgain);
  };

  const outbox: Outbox = {
    ready,
    entries: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    onDelivered(listener) {
      delivered.add(listener);
      return () => delivered.delete(listener);
    },
    async add(draft) {
      await ready;
      const entry: OutboxEntry = {
        clientId: newClientId(),
        userId: draft.userId,
        chatId: draft.chatId,
        content: draft.content,
        contentType: draft.contentType,
        createdAt: now(),
        status: 'sending',
        error: null,
        file: draft.file ?? null,
        fileName: draft.fileName ?? null,
        attachment: null,
        replyTo: draft.replyTo ?? null,
        ai: draft.ai ?? null,
      };
      await update(entry);
      return entry;
    },
    async retry(clientId) {
      const entry = byId.get(clientId);
      if (!entry || entry.status !== 'error') return;
      await update({ ...entry, status: 'sending', error: null });
    },
    discard: remove,
    settle(message) {
      const entry = byId.get(message.clientId);
      if (entry && entry.userId === message.sender) void remove(entry.clientId);
    },
    flush(userId) {
      // One flush at a time: a call during a flush makes it look again once it is done, so an
      // entry added meanwhile is not left behind and none is sent twice at once.
      if (flushing) {
        flushAgain = true;
        return flushing;
      }
      flushing = runFlush(userId).finally(() => {
        flushing = null;
      });
      return flushing;
    },
  };
  return outbox;
}
