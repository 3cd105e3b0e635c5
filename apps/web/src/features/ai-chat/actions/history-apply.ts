/**
 * Shows changes that came from the server (another device) in the open AI chat screen: the
 * chat list, and the open chat's messages. What is on screen is re-read from the database, which
 * kept this device's own unsent edits over the server's.
 */
import type { AiChatMessage } from '@confab/protocol/ai-chat';
import type { ChatDb, RemoteChanges } from '../stores/chat-db';
import { replaceChat, useChatStore } from '../stores/chat-store';

const oldestFirst = (a: AiChatMessage, b: AiChatMessage) => a.createdAt - b.createdAt;

export async function showRemoteChanges(db: ChatDb, remote: RemoteChanges): Promise<void> {
  // Before the list is read, the screen reads everything from the database anyway.
  if (!useChatStore.getState().loaded) return;
  const chatIds = new Set(remote.chats.map((c) => c.id));
  for (const id of chatIds) {
    const chat = await db.getChat(id);
    if (chat) replaceChat(chat);
  }
  const deleted = new Set(remote.deletedChats);
  if (deleted.size > 0) {
    useChatStore.setState((state) => ({ chats: state.chats.filter((c) => !deleted.has(c.id)) }));
  }

  const { activeId } = useChatStore.getState();
  if (!activeId) return;
  if (deleted.has(activeId)) {
    useChatStore.setState({ activeId: null, messages: [] });
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
    const byId = new Map(state.messages.map((m) => [m.id, m]));
    for (const m of stored) {
      // A reply this tab is streaming is this tab's to write.
      if (!byId.get(m.id)?.isActive) byId.set(m.id, m);
    }
    for (const id of gone) byId.delete(id);
    return { messages: [...byId.values()].sort(oldestFirst) };
  });
}
