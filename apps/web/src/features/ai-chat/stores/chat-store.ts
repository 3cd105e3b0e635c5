/**
 * The AI chat's state: the chat list, the open chat's messages, the replies streaming now (one
 * per chat at most, in any chat) and the inspector traces. Persistence goes through chat-db; sending through chat-actions.
 */
import type { AiChat, AiChatMessage, ToolCallRecord } from '@confab/protocol/ai-chat';
import { create } from 'zustand';
import type { RequestRecord } from '../engine/run-chat';
import { shownPath } from '../lib/message-tree';

export interface TraceEntry {
  at: number;
  label: string;
  message: string;
}

/** The reply streaming now, kept apart from `messages` so finished rows never re-render. */
export interface LiveReply {
  messageId: string;
  reply: string;
  reasoning: string;
  toolCalls: ToolCallRecord[];
}

export interface ChatState {
  loaded: boolean;
  persistent: boolean;
  chats: AiChat[];
  activeId: string | null;
  /** The open chat's messages shown: the path of chosen versions, oldest first. */
  messages: AiChatMessage[];
  /** Every message of the open chat read so far, other versions included. */
  records: AiChatMessage[];
  messagesLoading: boolean;
  /** A message to bring into view once it is shown (opened from search), until it is. */
  focusMessageId: string | null;
  /** A message whose prompt the user asked to edit from the keyboard (↑), until its card opens it. */
  editRequest: string | null;
  /** The message whose prompt editor is open: the list then keeps its rows' tops in place. */
  editingId: string | null;
  /**
   * The replies this tab streams now, by chat id (docs/product.md#ai-reply-lifecycle): they go on
   * while another chat or page is open, and sending in their chat is blocked meanwhile.
   */
  replies: Record<string, LiveReply>;
  traces: Record<string, TraceEntry[]>;
  /** Each request to the model in this visit, by chat id, with its outcome and reply. */
  requests: Record<string, InspectedRequest[]>;
}

export interface InspectedRequest extends RequestRecord {
  at: number;
}

export const initialChatState: ChatState = {
  loaded: false,
  persistent: true,
  chats: [],
  activeId: null,
  messages: [],
  records: [],
  messagesLoading: false,
  focusMessageId: null,
  editRequest: null,
  editingId: null,
  replies: {},
  traces: {},
  requests: {},
};

export const useChatStore = create<ChatState>()(() => ({ ...initialChatState }));

/** The open chat's streaming reply, if any. */
export const selectLive = (state: ChatState): LiveReply | null =>
  (state.activeId && state.replies[state.activeId]) || null;

/** A reply streams in the open chat (its input shows Stop instead of Send). */
export const selectReplying = (state: ChatState): boolean => selectLive(state) !== null;

/** Sets (or, with null, ends) the streaming reply of a chat. */
export function setLiveReply(chatId: string, live: LiveReply | null): void {
  useChatStore.setState((state) => {
    const replies = { ...state.replies };
    if (live) replies[chatId] = live;
    else delete replies[chatId];
    return { replies };
  });
}

const traceCap = 500;

export function addTrace(chatId: string, label: string, message: string): void {
  useChatStore.setState((state) => {
    const list = state.traces[chatId] ?? [];
    const next = [...list, { at: Date.now(), label, message }].slice(-traceCap);
    return { traces: { ...state.traces, [chatId]: next } };
  });
}

export function addRequest(chatId: string, request: RequestRecord): void {
  useChatStore.setState((state) => {
    const list = state.requests[chatId] ?? [];
    const next = [...list, { ...request, at: Date.now() }].slice(-traceCap);
    return { requests: { ...state.requests, [chatId]: next } };
  });
}

/** The open chat's messages and the path they show. */
export function withRecords(records: AiChatMessage[]): Pick<ChatState, 'records' | 'messages'> {
  return { records, messages: shownPath(records) };
}

/** Replaces one message of the open chat (by id) without touching the others' objects. */
export function replaceMessage(message: AiChatMessage): void {
  useChatStore.setState((state) => {
    if (!state.records.some((m) => m.id === message.id)) return {};
    return withRecords(state.records.map((m) => (m.id === message.id ? message : m)));
  });
}

export function replaceChat(chat: AiChat): void {
  useChatStore.setState((state) => ({
    chats: [chat, ...state.chats.filter((c) => c.id !== chat.id)].sort(
      (a, b) => b.updatedAt - a.updatedAt,
    ),
  }));
}
