import type { SocialMessage } from '@confab/protocol/social-chat';
import { appOutbox } from './app-outbox';
import { getSocket } from '@/lib/realtime/socket-client';
import { socketRequest } from '@/lib/realtime/socket-request';
import { fetchMessages, pageIsFull } from '../api/list-messages';
import { catchUpCursor } from './message-order';
import { getChatLog, useMessagesStore } from '../stores/messages-store';

const syncAckTimeoutMs = 10_000;
/** A catch-up stops after this many batches; the next reconnection continues it. */
const maxRounds = 40;

/** Holds the server's messages of a chat, and settles the outbox entries they confirm. */
export function receive(chatId: string, messages: readonly SocialMessage[]): void {
  useMessagesStore.getState().merge(chatId, messages);
  const outbox = appOutbox();
  for (const message of messages) outbox.settle(message);
}

async function catchUpByRest(chatId: string): Promise<void> {
  for (let round = 0; round < maxRounds; round += 1) {
    const page = await fetchMessages(chatId, {
      afterSeq: catchUpCursor(getChatLog(chatId).messages),
    });
    receive(chatId, page.messages);
    if (!pageIsFull(page.messages)) return;
  }
}

/**
 * Fetches every message after the last `seq` the tab holds of the chat (the server replays no
 * missed events on a reconnection): over the socket's `sync` while connected, else over REST.
 * Chats never loaded are skipped (their first page comes whole). The socket's `sync` also
 * brings the edits and deletions of held messages made since the tab's revision, and how far
 * the other side has read (the viewer's messages up to it show as read); REST brings neither,
 * and leaves the revision where it was for the next `sync`.
 */
export async function catchUp(chatId: string, viewerId: string): Promise<void> {
  if (!getChatLog(chatId).loaded) return;
  const socket = getSocket();
  if (!socket.connected) return catchUpByRest(chatId);
  for (let round = 0; round < maxRounds; round += 1) {
    const log = getChatLog(chatId);
    // The edits and deletions asked for are those of the messages held, from the oldest.
    const cursor = {
      chatId,
      afterSeq: catchUpCursor(log.messages),
      fromSeq: log.messages[0]?.seq ?? 0,
      afterRevision: log.revision,
    };
    let reply;
    try {
      reply = await socketRequest(socket, 'sync', { cursors: [cursor] }, syncAckTimeoutMs);
    } catch {
      return catchUpByRest(chatId);
    }
    if (!reply.ok) return catchUpByRest(chatId);
    receive(chatId, reply.data.messagesMap[chatId] ?? []);
    const changes = reply.data.changesMap?.[chatId];
    if (changes) {
      useMessagesStore.getState().merge(chatId, changes.messages, { revision: changes.revision });
    }
    useMessagesStore.getState().hide(chatId, reply.data.hiddenMap?.[chatId] ?? []);
    const readUpTo = reply.data.readMap[chatId];
    if (readUpTo !== undefined) useMessagesStore.getState().readByOther(chatId, viewerId, readUpTo);
    if (!reply.data.hasMore) return;
  }
}
