/**
 * Builds Confab chats from the turns of another app's conversation (docs/product.md#ai-chat-transfer):
 * a prompt and the replies after it make one message; a prompt without a reply gets an empty
 * reply, a reply without a prompt an empty prompt.
 */
import type { AiChat, AiChatMessage } from '@confab/protocol/ai-chat';
import { newId } from '../new-id';
import type { ImportedChat } from './types';

export interface Turn {
  role: 'user' | 'assistant';
  text: string;
  reasoning?: string;
  model?: string;
  /** Epoch milliseconds, when the export has it. */
  createdAt?: number;
  /** The reply was cut off. */
  stopped?: boolean;
}

export interface ConversationMeta {
  title: string;
  systemMessage?: string;
  model?: string;
  createdAt?: number;
  updatedAt?: number;
}

/** Seconds (as most exports write them) or milliseconds to epoch milliseconds. */
export function toEpochMs(value: unknown): number | undefined {
  if (typeof value === 'string') {
    const parsed = Date.parse(value);
    return Number.isNaN(parsed) ? undefined : parsed;
  }
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return undefined;
  // Before 1e11 a value is seconds (1e11 s is the year 5138; 1e11 ms is 1973).
  return Math.round(value < 1e11 ? value * 1000 : value);
}

function blankMessage(chatId: string, createdAt: number): AiChatMessage {
  return {
    id: newId(),
    chatId,
    prompt: '',
    reply: '',
    reasoning: '',
    model: '',
    provider: '',
    temperature: 1,
    maxTokens: null,
    inputTokens: 0,
    outputTokens: 0,
    memo: '',
    isActive: false,
    citedFiles: [],
    citedChunks: [],
    createdAt,
  };
}

/** The chat of these turns, or null when no turn has text. */
export function chatFromTurns(turns: readonly Turn[], meta: ConversationMeta): ImportedChat | null {
  const spoken = turns.filter((t) => t.text.trim() || t.reasoning?.trim());
  if (!spoken.length) return null;
  const fallback = meta.createdAt ?? meta.updatedAt ?? Date.now();
  const chatId = newId();
  const messages: AiChatMessage[] = [];
  let last = -Infinity;
  // Times only go forward, so the messages keep their order in the store's index.
  const timeOf = (turn: Turn) => (last = Math.max(turn.createdAt ?? fallback, last + 1));
  let open: AiChatMessage | null = null;
  for (const turn of spoken) {
    // One path: each message follows the one before it.
    const parentId = messages.at(-1)?.id ?? null;
    if (turn.role === 'user') {
      open = { ...blankMessage(chatId, timeOf(turn)), parentId, prompt: turn.text };
      messages.push(open);
      continue;
    }
    if (!open) {
      open = { ...blankMessage(chatId, timeOf(turn)), parentId };
      messages.push(open);
    }
    // Replies in a row (text around dropped tool turns) are one reply.
    open.reply = [open.reply, turn.text].filter(Boolean).join('\n\n');
    open.reasoning = [open.reasoning, turn.reasoning ?? ''].filter(Boolean).join('\n\n');
    open.model = turn.model ?? meta.model ?? '';
    if (turn.stopped) open.stopped = true;
  }
  const createdAt = meta.createdAt ?? messages[0]!.createdAt;
  const chat: AiChat = {
    id: chatId,
    createdAt,
    updatedAt: Math.max(meta.updatedAt ?? 0, messages.at(-1)!.createdAt, createdAt),
    summary: meta.title.trim().slice(0, 200),
    model: '',
    systemMessage: meta.systemMessage ?? '',
    maxCtxMessages: 10,
    temperature: 1,
    maxTokens: null,
    prompt: '',
    input: '',
    stream: true,
    context: '',
  };
  return { chat, messages };
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');
