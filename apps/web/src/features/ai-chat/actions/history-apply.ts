/**
 * Shows changes that came from the server (another device) in the open AI chat screen: the
 * chat list, and the open chat's messages. What is on screen is re-read from the database, which
 * kept this device's own unsent edits over the server's.
 */
import type { AiChat, AiChatMessage } from '@confab/protocol/ai-chat';
import type { ChatDb, RemoteChanges } from '../stores/chat-db';
import { useChatStore, withRecords } from '../stores/chat-store';

/** Reading chats one by one costs a transaction each: many are read in one pass. */
async function storedVersions(db: ChatDb, chats: readonly AiChat[]): Promise<AiChat[]> {
  if (chats.length > 20) {
    const ids = new Set(chats.map((c) => c.id));
    return (await db.listChats()).filter((chat) => ids.has(chat.id));
  }
  const stored = await Promise.all(chats.map((c) => db.getChat(c.id)));
  return stored.filter((chat): chat is AiChat => chat !== undefined);
}

export async function showRemoteChanges(db: ChatDb, remote: RemoteChanges): Promise<void> {
  // Before the list is read, the screen reads everything from the database anyway.
  if (!useChatStore.getState().loaded) return;
  const changed = await storedVersions(db, remote.chats);
  const deleted = new Set(remote.deletedChats);
  if (changed.length > 0 || deleted.size > 0) {
    // One update for the whole page of changes: a new device receives a thousand chats at once.
    const byId = new Map(changed.map((chat) => [chat.id, chat]));
    useChatStore.setState((state) => ({
      chats: [...changed, ...state.chats.filter((c) => !byId.has(c.id) && !deleted.has(c.id))].sort(
        (a, b) => b.updatedAt - a.updatedAt,
      ),
    }));
  }

  const { activeId } = useChatStore.getState();
  if (!activeId) return;
  if (deleted.has(activeId)) {
    useChatStore.setState({ activeId: null, messages: [], records: [] });
    return;
  }
  const changedIds = remote.messages.filter((m) => m.chatId === activeId).map((m) => m.id);
  const stored = (await Promise.all(changedIds.map((id) => db.getMessage(id)))).filter(
    (m): m is AiChatMessage => m !== undefined,
  );
  const gone = new Set(remote.deletedMessages);
  if (stored.length === 0 && gone.size === 0) return;
  useChatStore.setState((state) => {
    if (state.activeId !== activeId) return {};
    const byId = new Map(state.records.map((m) => [m.id, m]));
    for (const m of stored) {
      // A reply this tab is streaming is this tab's to write.
      if (!byId.get(m.id)?.isActive) byId.set(m.id, m);
    }
    for (const id of gone) byId.delete(id);
    // Another device's versions and choices change the path shown here as well.
    return withRecords([...byId.values()]);
  });
}
