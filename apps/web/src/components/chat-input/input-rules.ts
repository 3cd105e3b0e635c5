import { limits } from '@confab/protocol/limits';

/** A non-empty trimmed string counts as present (spec section 5). */
export function isPresent(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** Spec section 5 "Chat input": why a text cannot be sent now, or null when it can. */
export function promptProblem(
  text: string,
  replying: boolean,
): 'empty' | 'tooLong' | 'busy' | null {
  if (replying) return 'busy';
  if (!isPresent(text)) return 'empty';
  if (text.length > limits.chatInputMax) return 'tooLong';
  return null;
}
