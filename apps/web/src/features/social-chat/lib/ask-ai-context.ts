import { aiInChatLimits } from '@confab/protocol/ai-in-chat';
import type { RoomMessage } from './message-order';

/** One chat message given to the model as context, with who wrote it. */
export interface AskAiContextItem {
  id: string;
  name: string;
  text: string;
}

/** The command that opens the ask panel from the composer: `/ai ‹question›`. */
const command = /^\/ai(?:\s+([\s\S]*))?$/i;

/**
 * The question of a `/ai ‹question›` typed in the composer ('' for a bare `/ai`), or null when
 * the text is not the command.
 */
export function askAiCommand(text: string): string | null {
  const match = command.exec(text.trim());
  return match ? (match[1] ?? '').trim() : null;
}

/**
 * The context offered by default (docs/product.md#ask-ai-in-chat): the chat's last
 * `aiInChatLimits.contextDefault` messages that have text, oldest first, each with its writer's
 * name; deleted messages, messages carrying a file and those still sending are left out.
 */
export function defaultAskAiContext(
  messages: readonly RoomMessage[],
  nameOf: (senderId: string) => string,
  count: number = aiInChatLimits.contextDefault,
): AskAiContextItem[] {
  const kept = messages.filter(
    (m) => m.seq !== null && !m.deleted && m.content.trim() !== '' && m.attachment === null,
  );
  return kept
    .slice(-Math.min(count, aiInChatLimits.contextMax))
    .map((m) => ({ id: m.id, name: nameOf(m.sender), text: m.content }));
}

/**
 * A rough count of the tokens a text costs (about four characters a token in English, one a
 * character in Chinese): shown beside the context so the asker sees what they send.
 */
export function estimateTokens(text: string): number {
  let wide = 0;
  for (const char of text) if (char.codePointAt(0)! > 0x2e80) wide += 1;
  return Math.ceil((text.length - wide) / 4) + wide;
}
