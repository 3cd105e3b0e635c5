/**
 * "Continue in my AI chat" (docs/product.md#ai-in-chat): a shared answer, or an answer asked in
 * a friend chat, becomes a new chat of the user's own AI history, one message per turn on one
 * path. It is stored like any chat (so it syncs to the account's other devices) and opened;
 * what comes next runs on the user's own provider and key.
 */
import type { AiMessagePayload } from '@confab/protocol/ai-in-chat';
import type { AiChatMessage } from '@confab/protocol/ai-chat';
import { loadSettings } from '@/lib/stored-settings/settings-store';
import { newId } from '../lib/new-id';
import { chatDb } from '../stores/chat-db';
import { replaceChat } from '../stores/chat-store';
import { newChat, openChat } from './chat-actions';

function turnsOf(payload: AiMessagePayload) {
  if (payload.kind === 'share') return payload.turns;
  return [{ prompt: payload.question, reply: payload.reply, reasoning: payload.reasoning }];
}

/** The chat's id once it is stored and open. */
export async function continueShared(payload: AiMessagePayload): Promise<string> {
  const settings = await loadSettings();
  const title = payload.kind === 'share' ? payload.title : '';
  const turns = turnsOf(payload);
  const chat = newChat(settings, (title || turns[0]!.prompt).trim().slice(0, 200));
  const messages: AiChatMessage[] = [];
  for (const [index, turn] of turns.entries()) {
    messages.push({
      id: newId(),
      chatId: chat.id,
      parentId: messages.at(-1)?.id ?? null,
      prompt: turn.prompt,
      reply: turn.reply,
      reasoning: turn.reasoning,
      // The sharer's model and provider tell who answered; the counts were theirs, not the user's.
      model: payload.model,
      provider: payload.provider,
      temperature: chat.temperature,
      maxTokens: null,
      inputTokens: 0,
      outputTokens: 0,
      memo: '',
      isActive: false,
      citedFiles: [],
      citedChunks: [],
      // Times only go forward, so the messages keep their order in the store's index.
      createdAt: chat.createdAt + index,
    });
  }
  const stored = { ...chat, updatedAt: chat.createdAt + turns.length };
  const db = await chatDb();
  await db.putMessages(messages);
  await db.putChat(stored);
  replaceChat(stored);
  await openChat(stored.id);
  return stored.id;
}
