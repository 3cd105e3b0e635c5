import type { SocialMessage } from '@confab/protocol/social-chat';
import { create } from 'zustand';
import { mergeMessages } from '../lib/message-order';

/** The messages the tab holds of one chat, newest page first loaded, older pages on demand. */
export interface ChatLog {
  messages: SocialMessage[];
  /** Older messages may exist on the server (spec: assumed when a batch had 50). */
  hasMore: boolean;
  /** The latest page arrived; before that, nothing is shown or caught up. */
  loaded: boolean;
  /** The chat's revision the tab has caught up to: edits and deletions after it are asked for. */
  revision: number;
}

const emptyLog: ChatLog = { messages: [], hasMore: false, loaded: false, revision: 0 };

interface MessagesState {
  logs: Record<string, ChatLog>;
  /** Adds messages from any source (a page, an event, a catch-up, an acknowledgement). */
  merge: (chatId: string, messages: readonly SocialMessage[], page?: Partial<ChatLog>) => void;
  /** The other participant read up to `seq`: the viewer's own messages up to it are read. */
  readByOther: (chatId: string, viewerId: string, seq: number) => void;
}

export const useMessagesStore = create<MessagesState>()((set) => ({
  logs: {},
  merge: (chatId, messages, page) =>
    set((state) => {
      const log = state.logs[chatId] ?? emptyLog;
      return {
        logs: {
          ...state.logs,
          [chatId]: {
            ...log,
            ...page,
            messages: mergeMessages(log.messages, messages),
            // Two catch-ups may answer out of order: the revision only goes up.
            revision: Math.max(log.revision, page?.revision ?? 0),
          },
        },
      };
    }),
  readByOther: (chatId, viewerId, seq) =>
    set((state) => {
      const log = state.logs[chatId];
      if (!log) return state;
      const messages = log.messages.map((m) =>
        m.sender === viewerId && m.seq <= seq && !m.isRead ? { ...m, isRead: true } : m,
      );
      return { logs: { ...state.logs, [chatId]: { ...log, messages } } };
    }),
}));

export const useChatLog = (chatId: string | null): ChatLog =>
  useMessagesStore((state) => (chatId ? (state.logs[chatId] ?? emptyLog) : emptyLog));

export const getChatLog = (chatId: string): ChatLog =>
  useMessagesStore.getState().logs[chatId] ?? emptyLog;
