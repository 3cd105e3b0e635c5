import { limits } from '@confab/protocol/limits';

/** A non-empty trimmed string counts as present (docs/product.md#chat-input). */
export function isPresent(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** docs/product.md#chat-input: why a text cannot be sent now, or null when it can. */
export function promptProblem(
  text: string,
  replying: boolean,
): 'empty' | 'tooLong' | 'busy' | null {
  if (replying) return 'busy';
  if (!isPresent(text)) return 'empty';
  if (text.length > limits.chatInputMax) return 'tooLong';
  return null;
}
