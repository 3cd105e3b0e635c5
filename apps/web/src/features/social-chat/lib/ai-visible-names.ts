import type { AiMessagePayload } from '@confab/protocol/ai-in-chat';
import { visibleText } from '@/lib/visible-text';

/**
 * The names in an AI message that its sender chose (model, provider, title, tool names), with
 * every character that draws nothing shown visibly, as for file names and nicknames: a card
 * must not read as something it is not.
 */
export function withVisibleNames(payload: AiMessagePayload): AiMessagePayload {
  const model = visibleText(payload.model);
  const provider = visibleText(payload.provider);
  if (payload.kind === 'answer') return { ...payload, model, provider };
  return {
    ...payload,
    model,
    provider,
    title: visibleText(payload.title),
    turns: payload.turns.map((turn) => ({
      ...turn,
      toolCalls: turn.toolCalls.map((call) => ({ ...call, name: visibleText(call.name) })),
    })),
  };
}
