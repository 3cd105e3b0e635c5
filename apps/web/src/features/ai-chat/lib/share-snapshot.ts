/**
 * The snapshot of AI turns shared into a friend chat (docs/product.md#ai-in-chat): the prompts,
 * replies and reasoning of a range of the path shown, the tool calls as {name, ok}, the model
 * and provider of the last reply, the summed token counts and the chat's title.
 */
import { aiInChatLimits, type AiSharePayload } from '@confab/protocol/ai-in-chat';
import type { AiChat, AiChatMessage, ToolCallRecord } from '@confab/protocol/ai-chat';

/** Texts are cut to what a payload may carry, never through a surrogate pair. */
function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max - 1);
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** A tool is named `{client}--{tool}` to the model; the share keeps the tool's own name. */
function toolName(call: ToolCallRecord): string {
  const name = call.name.split('--').at(-1)?.trim() || call.name.trim() || '?';
  return clip(name, aiInChatLimits.nameMax);
}

/** A finished reply with text: what can be shared (a failed or empty reply cannot). */
export function isShareable(message: AiChatMessage): boolean {
  return !message.isActive && message.reply.trim() !== '' && message.error === undefined;
}

/** The prompt as shown; a prompt of attachments only reads as their names. */
function promptText(message: AiChatMessage): string {
  const prompt = message.prompt.trim()
    ? message.prompt
    : (message.attachments ?? []).map((a) => `[${a.name}]`).join(' ');
  return clip(prompt.trim() ? prompt : '…', aiInChatLimits.textMax);
}

/** The shareable messages of `path`, at most `turnsMax` of them, ending with the last. */
export function defaultShareRange(path: readonly AiChatMessage[]): AiChatMessage[] {
  return path.filter(isShareable).slice(-aiInChatLimits.turnsMax);
}

export function buildShareSnapshot(
  chat: Pick<AiChat, 'summary'> | null,
  messages: readonly AiChatMessage[],
): AiSharePayload | null {
  const turns = messages.filter(isShareable);
  const last = turns.at(-1);
  if (!last) return null;
  return {
    kind: 'share',
    title: clip((chat?.summary ?? '').trim(), aiInChatLimits.titleMax),
    model: clip(last.model.trim() || '?', aiInChatLimits.nameMax),
    provider: clip(last.provider.trim() || '?', aiInChatLimits.nameMax),
    turns: turns.slice(-aiInChatLimits.turnsMax).map((m) => ({
      prompt: promptText(m),
      reply: clip(m.reply, aiInChatLimits.textMax),
      reasoning: m.reasoning === m.reply ? '' : clip(m.reasoning, aiInChatLimits.textMax),
      toolCalls: (m.toolCalls ?? [])
        .slice(0, aiInChatLimits.toolCallsMax)
        .map((call) => ({ name: toolName(call), ok: call.outcome === 'result' })),
    })),
    inputTokens: Math.min(
      turns.reduce((sum, m) => sum + m.inputTokens, 0),
      aiInChatLimits.tokensMax,
    ),
    outputTokens: Math.min(
      turns.reduce((sum, m) => sum + m.outputTokens, 0),
      aiInChatLimits.tokensMax,
    ),
  };
}
