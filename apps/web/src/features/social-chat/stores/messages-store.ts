import type { Reaction } from '@confab/protocol/reactions';
import type { SocialMessage } from '@confab/protocol/social-chat';
import { create } from 'zustand';
import { mergeMessages } from '../lib/message-order';

/** The messages the tab holds of one chat, newest page first loaded, older pages on demand. */
export interface ChatLog {
  messages: SocialMessage[];
  /** Older messages may exist (docs/product.md#history-paging: assumed when a batch had 50). */
  hasMore: boolean;
  /** The latest page arrived; before that, nothing is shown or caught up. */
  loaded: boolean;
  /** The chat's revision the tab has caught up to: edits and deletions after it are asked for. */
  revision: number;
  /**
   * How far the other side has read, and whose messages that marks (the viewer's). Kept so a
   * message of the viewer's that arrives after the mark (its acknowledgement came late) shows
   * as read too.
   */
  readByOther: { viewerId: string; seq: number } | null;
}

const emptyLog: ChatLog = {
  messages: [],
  hasMore: false,
  loaded: false,
  revision: 0,
  readByOther: null,
};

/** The viewer's messages up to the other side's read mark, marked read. */
function withReadMark(messages: SocialMessage[], mark: ChatLog['readByOther']): SocialMessage[] {
  if (!mark) return messages;
  const unread = (m: SocialMessage) => m.sender === mark.viewerId && m.seq <= mark.seq && !m.isRead;
  if (!messages.some(unread)) return messages;
  return messages.map((m) => (unread(m) ? { ...m, isRead: true } : m));
}

interface MessagesState {
  logs: Record<string, ChatLog>;
  /** Adds messages from any source (a page, an event, a catch-up, an acknowledgement). */
  merge: (chatId: string, messages: readonly SocialMessage[], page?: Partial<ChatLog>) => void;
  /**
   * The other participant read up to `seq`: the viewer's own messages up to it are read, those
   * held now and those merged later.
   */
  readByOther: (chatId: string, viewerId: string, seq: number) => void;
  /** A message's reactions as they now are (`reactionsUpdated`, or this tab's own change). */
  setReactions: (chatId: string, messageId: string, reactions: Reaction[]) => void;
  /** The viewer deleted these messages for themselves (on this tab or another). */
  hide: (chatId: string, messageIds: readonly string[]) => void;
}

/** The log with `change` applied to the messages of these ids; the same log if none is held. */
function changeMessages(
  log: ChatLog,
  ids: ReadonlySet<string>,
  change: (message: SocialMessage) => SocialMessage,
): ChatLog {
  if (!log.messages.some((m) => ids.has(m._id))) return log;
  return { ...log, messages: log.messages.map((m) => (ids.has(m._id) ? change(m) : m)) };
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
            messages: withReadMark(mergeMessages(log.messages, messages), log.readByOther),
            // Two catch-ups may answer out of order: the revision only goes up.
            revision: Math.max(log.revision, page?.revision ?? 0),
          },
        },
      };
    }),
  readByOther: (chatId, viewerId, seq) =>
    set((state) => {
      const log = state.logs[chatId] ?? emptyLog;
      // Marks only go up: a catch-up may answer after a newer live mark.
      const held = log.readByOther?.viewerId === viewerId ? log.readByOther.seq : 0;
      const readByOther = { viewerId, seq: Math.max(held, seq) };
      const messages = withReadMark(log.messages, readByOther);
      return { logs: { ...state.logs, [chatId]: { ...log, messages, readByOther } } };
    }),
  setReactions: (chatId, messageId, reactions) =>
    set((state) => {
      const log = state.logs[chatId];
      if (!log) return state;
      const next = changeMessages(log, new Set([messageId]), (m) => ({ ...m, reactions }));
      return next === log ? state : { logs: { ...state.logs, [chatId]: next } };
    }),
  hide: (chatId, messageIds) =>
    set((state) => {
      const log = state.logs[chatId];
      if (!log || messageIds.length === 0) return state;
      const next = changeMessages(log, new Set(messageIds), (m) => ({ ...m, hidden: true }));
      return next === log ? state : { logs: { ...state.logs, [chatId]: next } };
    }),
}));

export const useChatLog = (chatId: string | null): ChatLog =>
  useMessagesStore((state) => (chatId ? (state.logs[chatId] ?? emptyLog) : emptyLog));

export const getChatLog = (chatId: string): ChatLog =>
  useMessagesStore.getState().logs[chatId] ?? emptyLog;
