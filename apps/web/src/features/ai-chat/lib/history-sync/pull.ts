/**
 * Brings what changed on the server since `since` (docs/product.md#ai-history-sync): every chat
 * first, so that a new device lists its chats at once, then the messages a page at a time.
 */
import type { AiHistoryChange, AiHistorySettings } from '@confab/protocol/ai-history';
import type { ChatDb, RemoteChanges } from '../../stores/chat-db';
import { pullChats, pullMessages } from './history-api';

export function remoteChanges(changes: readonly AiHistoryChange[]): RemoteChanges {
  const remote: RemoteChanges = {
    chats: [],
    deletedChats: [],
    messages: [],
    deletedMessages: [],
    chatRevisions: {},
  };
  for (const change of changes) {
    switch (change.kind) {
      case 'chat':
        remote.chats.push(change.chat);
        remote.chatRevisions[change.chat.id] = change.revision;
        break;
      case 'chat-deleted':
        remote.deletedChats.push(change.id);
        break;
      case 'message':
        remote.messages.push(change.message);
        break;
      case 'message-deleted':
        remote.deletedMessages.push(change.id);
        break;
    }
  }
  return remote;
}

/**
 * Waits until the page is idle (at most a moment): the chat list a new device just received is
 * drawn before megabytes of messages are parsed and stored.
 */
function pageIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function')
      requestIdleCallback(() => resolve(), { timeout: 500 });
    else setTimeout(resolve, 0);
  });
}

export interface PullCallbacks {
  /** Changes written to the database, to be shown. */
  applied(remote: RemoteChanges): Promise<void> | void;
  /** Everything up to `revision` is here (`revision` only grows). */
  reached(revision: number): Promise<void> | void;
}

/** Pulls and applies; answers the account's settings as the pull began. */
export async function pullHistory(
  db: ChatDb,
  since: number,
  callbacks: PullCallbacks,
): Promise<AiHistorySettings> {
  const { settings, changes } = await pullChats(since);
  if (settings.mode === 'device') return settings;
  const target = settings.revision;
  const chats = remoteChanges(changes);
  await db.applyRemote(chats);
  await callbacks.applied(chats);

  let after = since;
  for (;;) {
    await pageIdle();
    const page = await pullMessages(after);
    const remote = remoteChanges(page.changes);
    await db.applyRemote(remote);
    await callbacks.applied(remote);
    const last = page.changes.at(-1)?.revision ?? after;
    if (!page.more || last <= after) break;
    after = last;
    // Chats are here up to `target`, messages up to `after`: both are, up to the smaller.
    await callbacks.reached(Math.min(after, target));
  }
  await callbacks.reached(target);
  return settings;
}
