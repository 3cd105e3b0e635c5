/**
 * Sends what changed on this device (the outbox) to the server, and keeps what the server
 * answered (docs/product.md#ai-history-sync): a chat's new revision, the server's version of a
 * chat edited elsewhere first, the deletion of something deleted elsewhere.
 */
import {
  aiHistoryPushChangeSchema,
  aiHistoryPushMax,
  type AiHistoryPushChange,
  type AiHistoryPushResult,
} from '@confab/protocol/ai-history';
import type { AiChatMessage } from '@confab/protocol/ai-chat';
import { limits } from '@confab/protocol/limits';
import type { ChatDb, OutboxEntry, RemoteChanges } from '../../stores/chat-db';
import { pushChanges } from './history-api';

/** Room left in a push body for its envelope: no change may be larger than this. */
const changeMaxBytes = limits.aiHistoryPushMaxBytes - 16 * 1024;
/**
 * Changes are gathered up to the usual body size; only a message with large images goes in a
 * push of its own up to `changeMaxBytes`, so that the server parses big bodies only when needed.
 */
const batchMaxBytes = limits.bodyMaxBytes - 16 * 1024;

export interface PushOutcome {
  /** Changes the server answered that this device did not have: shown like pulled ones. */
  remote: RemoteChanges;
  /** The server's message when the account's storage limit stopped a change. */
  full: string | null;
  /**
   * Changes that cannot be sent at all (too large, not valid, or following a message the server
   * lacks and this device cannot send): they stay on this device.
   */
  unsendable: number;
}

/** Chats before their messages; deletions last, so nothing is written after its deletion. */
function order(e: OutboxEntry): number {
  if (e.deleted) return e.kind === 'message' ? 2 : 3;
  return e.kind === 'chat' ? 0 : 1;
}

async function changeFor(db: ChatDb, entry: OutboxEntry): Promise<AiHistoryPushChange | null> {
  if (entry.deleted) {
    return entry.kind === 'chat'
      ? { kind: 'chat-deleted', id: entry.id }
      : { kind: 'message-deleted', id: entry.id, chatId: entry.chatId };
  }
  if (entry.kind === 'chat') {
    const chat = await db.getChat(entry.id);
    return chat ? { kind: 'chat', chat, baseRevision: await db.chatRevision(entry.id) } : null;
  }
  const message = await db.getMessage(entry.id);
  // A reply still streaming is sent once it ends (its last write queues it again).
  return message && !message.isActive ? { kind: 'message', message } : null;
}

const createdAt = (change: AiHistoryPushChange | null) =>
  change?.kind === 'message' ? change.message.createdAt : 0;

function emptyChanges(): RemoteChanges {
  return { chats: [], deletedChats: [], messages: [], deletedMessages: [], chatRevisions: {} };
}

function keep(remote: RemoteChanges, change: AiHistoryPushChange, result: AiHistoryPushResult) {
  const chatId =
    change.kind === 'chat' ? change.chat.id : change.kind === 'chat-deleted' ? change.id : null;
  if (result.status === 'applied' && change.kind === 'chat') {
    remote.chatRevisions[change.chat.id] = result.revision;
  } else if (result.status === 'stale') {
    remote.chats.push(result.chat);
    remote.chatRevisions[result.chat.id] = result.revision;
  } else if (result.status === 'deleted') {
    if (chatId) remote.deletedChats.push(chatId);
    else if (change.kind === 'message') remote.deletedMessages.push(change.message.id);
  }
}

export async function pushOutbox(db: ChatDb): Promise<PushOutcome> {
  const outcome: PushOutcome = { remote: emptyChanges(), full: null, unsendable: 0 };
  const entries = (await db.readOutbox()).sort((a, b) => order(a) - order(b));
  if (entries.length === 0) return outcome;

  const done: OutboxEntry[] = [];
  /** Messages this run read from the outbox: a parent among them had its chance. */
  const tried = new Set<string>();
  /** Messages that stay in the outbox for a later run: what follows them waits with them. */
  const waiting = new Set<string>();
  /** Messages that cannot reach the server: what follows them cannot either. */
  const stranded = new Set<string>();
  /** Parents the server lost, queued again (once) so the next run sends them first. */
  const lost = new Map<string, AiChatMessage>();
  const unsendable = (entry: OutboxEntry, change: AiHistoryPushChange) => {
    if (change.kind === 'message') stranded.add(change.message.id);
    outcome.unsendable += 1;
    done.push(entry);
  };
  /**
   * The server lacks the message this one follows (docs/product.md#versions-and-branches): it
   * waits for a parent still waiting here, or for one this device has and sends again; a parent
   * sent in this run and still missing, or gone from this device, never arrives: it is dropped.
   */
  const parentMissing = async (entry: OutboxEntry, message: AiChatMessage) => {
    const parentId = message.parentId ?? '';
    if (waiting.has(parentId) || lost.has(parentId)) {
      waiting.add(message.id);
      return;
    }
    const parent = tried.has(parentId) ? undefined : await db.getMessage(parentId);
    if (!parent) {
      unsendable(entry, { kind: 'message', message });
      return;
    }
    lost.set(parentId, parent);
    waiting.add(message.id);
  };
  let batch: { entry: OutboxEntry; change: AiHistoryPushChange }[] = [];
  let batchBytes = 0;
  const send = async () => {
    if (batch.length === 0) return;
    const sent = batch;
    batch = [];
    batchBytes = 0;
    const { results } = await pushChanges(sent.map((s) => s.change));
    for (const [i, { entry, change }] of sent.entries()) {
      const result = results[i];
      if (!result) continue;
      if (result.status === 'full') {
        outcome.full = result.message;
        if (change.kind === 'message') waiting.add(change.message.id);
      } else if (result.status === 'missing-parent' && change.kind === 'message') {
        await parentMissing(entry, change.message);
      } else {
        keep(outcome.remote, change, result);
        done.push(entry);
      }
    }
  };

  try {
    const loaded: { entry: OutboxEntry; change: AiHistoryPushChange | null }[] = [];
    for (const entry of entries) loaded.push({ entry, change: await changeFor(db, entry) });
    // The server takes a message only after the one it follows
    // (docs/product.md#versions-and-branches): older messages go first, and a parent is always
    // older than what follows it.
    loaded.sort(
      (a, b) => order(a.entry) - order(b.entry) || createdAt(a.change) - createdAt(b.change),
    );
    for (const { entry, change } of loaded) {
      if (entry.kind === 'message' && !entry.deleted) tried.add(entry.id);
      if (!change) {
        done.push(entry);
        continue;
      }
      const bytes = JSON.stringify(change).length;
      if (
        !aiHistoryPushChangeSchema.safeParse(change).success ||
        bytes > changeMaxBytes ||
        (change.kind === 'message' && stranded.has(change.message.parentId ?? ''))
      ) {
        unsendable(entry, change);
        continue;
      }
      if (batch.length === aiHistoryPushMax || batchBytes + bytes > batchMaxBytes) await send();
      batch.push({ entry, change });
      batchBytes += bytes;
    }
    await send();
    if (lost.size > 0) await db.enqueueMessages([...lost.values()]);
  } finally {
    // What the server took (or cannot take) leaves the outbox even when a later batch failed.
    await db.clearOutbox(done);
    await db.applyRemote(outcome.remote);
  }
  return outcome;
}
