/**
 * "Continue in my AI chat" (docs/product.md#ai-in-chat): a shared answer, or an answer asked in
 * a friend chat, becomes a new chat of the user's own AI history, one message per turn on one
 * path, built as an imported conversation is. It is stored like any chat (so it syncs to the
 * account's other devices) and opened; what comes next runs on the user's own provider and key.
 */
import type { AiMessagePayload } from '@confab/protocol/ai-in-chat';
import { chatFromTurns, type Turn } from '../lib/chat-import/turns';
import { chatDb } from '../stores/chat-db';
import { replaceChat } from '../stores/chat-store';
import { openChat } from './chat-actions';

function turnsOf(payload: AiMessagePayload): Turn[] {
  const pairs =
    payload.kind === 'share'
      ? payload.turns
      : [{ prompt: payload.question, reply: payload.reply, reasoning: payload.reasoning }];
  return pairs.flatMap((pair) => [
    { role: 'user' as const, text: pair.prompt },
    {
      role: 'assistant' as const,
      text: pair.reply,
      reasoning: pair.reasoning,
      model: payload.model,
    },
  ]);
}

/** The chat's id once it is stored and open. */
export async function continueShared(payload: AiMessagePayload): Promise<string> {
  const first = payload.kind === 'share' ? payload.turns[0]!.prompt : payload.question;
  const title = (payload.kind === 'share' && payload.title) || first;
  const made = chatFromTurns(turnsOf(payload), { title, createdAt: Date.now() });
  if (!made) throw new Error('A shared answer with no text');
  // The sharer's provider tells who answered; the token counts were theirs, not the user's.
  const messages = made.messages.map((m) => ({ ...m, provider: payload.provider }));
  const db = await chatDb();
  await db.putMessages(messages);
  await db.putChat(made.chat);
  replaceChat(made.chat);
  await openChat(made.chat.id);
  return made.chat.id;
}
