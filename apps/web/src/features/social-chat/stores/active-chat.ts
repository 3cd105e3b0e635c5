import { create } from 'zustand';

/**
 * The single active chat (docs/product.md#conversation-list: tapping a conversation "makes it the
 * single
 * active chat" and opens /socialChatRoom). Shared by the conversation list, which sets it, and
 * the chat room, which shows it. Kept in sessionStorage so a reload of the room keeps its chat,
 * while another tab chooses its own.
 */
const storageKey = 'confab.activeChatId';

function readStored(): string | null {
  try {
    return sessionStorage.getItem(storageKey);
  } catch {
    return null;
  }
}

interface ActiveChatState {
  activeChatId: string | null;
  setActiveChat: (chatId: string | null) => void;
}

export const useActiveChatStore = create<ActiveChatState>()((set) => ({
  activeChatId: readStored(),
  setActiveChat: (chatId) => {
    try {
      if (chatId === null) sessionStorage.removeItem(storageKey);
      else sessionStorage.setItem(storageKey, chatId);
    } catch {
      // Private modes may refuse storage; the choice still holds for this page's life.
    }
    set({ activeChatId: chatId });
  },
}));

export const useActiveChatId = () => useActiveChatStore((state) => state.activeChatId);
export const setActiveChat = (chatId: string | null) =>
  useActiveChatStore.getState().setActiveChat(chatId);
