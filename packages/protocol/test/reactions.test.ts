import { describe, expect, it } from 'vitest';
import { emojiSchema, isSingleEmoji } from '../src/reactions';
import { reactBodySchema } from '../src/social-chat';

describe('a reaction is one emoji', () => {
  it.each(['👍', '❤️', '😂', '👍🏽', '👨‍👩‍👧‍👦', '🇨🇳', '🏳️‍🌈', '1️⃣', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '©️'])('takes %s', (emoji) => {
    expect(isSingleEmoji(emoji)).toBe(true);
  });

  it.each([
    ['text', 'ok'],
    ['a digit', '1'],
    ['two emoji', '👍👍'],
    ['an emoji and a space', '👍 '],
    ['an emoji and text', '👍a'],
    ['a control character', '👍\u0000'],
    ['a bidi override', '\u202E👍'],
    ['a lone joiner', '\u200D'],
    ['nothing', ''],
    ['a Chinese character', '好'],
  ])('refuses %s', (_what, text) => {
    expect(isSingleEmoji(text)).toBe(false);
  });

  it('says why in the schema error', () => {
    const result = reactBodySchema.safeParse({ emoji: 'hello', value: true });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'A reaction is one emoji (no text, spaces or control characters)',
    );
    expect(emojiSchema.safeParse(42).success).toBe(false);
  });
});
