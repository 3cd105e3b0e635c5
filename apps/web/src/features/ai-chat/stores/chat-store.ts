/**
 * The AI chat's state: the chat list, the open chat's messages, the reply streaming now and the
 * inspector traces. Persistence goes through chat-db; sending through chat-actions.
 */
import type { AiChat, AiChatMessage, ToolCallRecord } from '@confab/protocol/ai-chat';
import { create } from 'zustand';

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
  /** The open chat's messages, oldest first. */
  messages: AiChatMessage[];
  messagesLoading: boolean;
  live: LiveReply | null;
  /** A reply is in progress (docs/product.md#ai-reply-lifecycle: sending is blocked meanwhile). */
  replying: boolean;
  traces: Record<string, TraceEntry[]>;
}

export const initialChatState: ChatState = {
  loaded: false,
  persistent: true,
  chats: [],
  activeId: null,
  messages: [],
  messagesLoading: false,
  live: null,
  replying: false,
  traces: {},
};

export const useChatStore = create<ChatState>()(() => ({ ...initialChatState }));

const traceCap = 500;

export function addTrace(chatId: string, label: string, message: string): void {
  useChatStore.setState((state) => {
    const list = state.traces[chatId] ?? [];
    const next = [...list, { at: Date.now(), label, message }].slice(-traceCap);
    return { traces: { ...state.traces, [chatId]: next } };
  });
}

/** Replaces one message of the open chat (by id) without touching the others' objects. */
export function replaceMessage(message: AiChatMessage): void {
  useChatStore.setState((state) => ({
    messages: state.messages.map((m) => (m.id === message.id ? message : m)),
  }));
}

export function replaceChat(chat: AiChat): void {
  useChatStore.setState((state) => ({
    chats: [chat, ...state.chats.filter((c) => c.id !== chat.id)].sort(
      (a, b) => b.updatedAt - a.updatedAt,
    ),
  }));
}
