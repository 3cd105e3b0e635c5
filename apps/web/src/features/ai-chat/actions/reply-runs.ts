/**
 * The replies this tab runs, one per chat at most (docs/product.md#ai-reply-lifecycle). They go
 * on while the user opens another chat or another page of the app; Stop ends the open chat's,
 * deleting a chat ends its own, and signing out ends them all without saving anything more (the
 * stores are being handed over to no one). Leaving the page for good (a reload, a closed tab)
 * saves what arrived; the next load shows it interrupted.
 */
import { accountStorageStore } from '@/lib/account-storage/account-storage';
import { useChatStore } from '../stores/chat-store';
import type { ReplyWriter } from './reply-writer';

export interface ReplyRun {
  chatId: string;
  messageId: string;
  controller: AbortController;
  writer: ReplyWriter;
}

const runs = new Map<string, ReplyRun>();

/** Registers a reply of the chat; null when the chat already runs one. */
export function beginRun(chatId: string, messageId: string, writer: ReplyWriter): ReplyRun | null {
  if (runs.has(chatId)) return null;
  const run = { chatId, messageId, controller: new AbortController(), writer };
  runs.set(chatId, run);
  return run;
}

export function endRun(run: ReplyRun): void {
  if (runs.get(run.chatId) === run) runs.delete(run.chatId);
}

export function chatReplying(chatId: string): boolean {
  return runs.has(chatId);
}

/** This tab streams the reply of this message now (it is not one a reload cut). */
export function messageReplying(messageId: string): boolean {
  for (const run of runs.values()) if (run.messageId === messageId) return true;
  return false;
}

/** The user's Stop: the open chat's reply (or the given chat's) ends, keeping what arrived. */
export function stopReply(chatId: string | null = useChatStore.getState().activeId): void {
  if (chatId) runs.get(chatId)?.controller.abort();
}

/** Ends the chat's reply and writes nothing more of it (the chat is being deleted). */
export function discardReply(chatId: string): void {
  const run = runs.get(chatId);
  run?.writer.discard();
  run?.controller.abort();
}

export function discardAllReplies(): void {
  for (const chatId of [...runs.keys()]) discardReply(chatId);
}

accountStorageStore.subscribe((state, previous) => {
  if (state.leaving && !previous.leaving) discardAllReplies();
});

/** The page is on its way out (a reload, a closed tab, another site). */
let unloading = false;

/**
 * A reply that fails now was most likely cut by the page going away: the browser may drop its
 * connection before the page hears of it. It is left to show as interrupted on the next load.
 */
export function pageUnloading(): boolean {
  return unloading;
}

function saveWhatArrived(): void {
  for (const run of runs.values()) run.writer.flush();
}

if (typeof window !== 'undefined') {
  // A reload or a closed tab cuts the replies: what arrived is saved while the page still can.
  window.addEventListener('beforeunload', () => {
    unloading = true;
    saveWhatArrived();
  });
  window.addEventListener('pagehide', (event) => {
    saveWhatArrived();
    // Nothing after it: a page kept in the back-forward cache may come back and go on.
    if (!event.persisted) for (const run of runs.values()) run.writer.discard();
  });
  // Back from the back-forward cache. (An unload cancelled at beforeunload leaves the flag set:
  // a reply failing after it stays as last saved, shown interrupted on the next load.)
  window.addEventListener('pageshow', () => {
    unloading = false;
  });
}
