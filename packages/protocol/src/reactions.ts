import { z } from 'zod';

/**
 * Reactions, replies, forwards and messages hidden for one user
 * (docs/product.md#message-extras).
 */

export const reactionLimits = {
  /** Distinct emoji one user may put on one message. */
  perUserPerMessage: 3,
  /** UTF-16 code units of one emoji (the longest family and flag sequences fit). */
  emojiMaxLength: 32,
  /** Characters of a quoted message's excerpt. */
  quoteExcerptMax: 120,
} as const;

// Code points an emoji may be made of: pictographs, skin tones, flags' regional indicators,
// the joiner, variation selector 16, the keycap mark and its bases, and subdivision tags.
const emojiPart =
  /^(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u200D|\uFE0F|\u20E3|[#*0-9]|[\u{E0020}-\u{E007F}])+$/u;
const emojiStart = /^(?:\p{Extended_Pictographic}|\p{Regional_Indicator}{2}|[#*0-9]\uFE0F?\u20E3)/u;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/**
 * One emoji grapheme: a pictograph (with its skin tone, joiners and variation selector), a
 * flag, or a keycap. Text, several emoji, spaces and control characters are not.
 */
export function isSingleEmoji(text: string): boolean {
  if (text.length === 0 || text.length > reactionLimits.emojiMaxLength) return false;
  if (!emojiPart.test(text) || !emojiStart.test(text)) return false;
  let count = 0;
  for (const _ of graphemes.segment(text)) if (++count > 1) return false;
  return count === 1;
}

export const emojiSchema = z
  .string({ error: 'A reaction is one emoji' })
  .refine(isSingleEmoji, 'A reaction is one emoji (no text, spaces or control characters)');

/** One emoji on a message and who put it there, oldest first. */
export const reactionSchema = z.object({
  emoji: z.string(),
  users: z.array(z.object({ id: z.string(), username: z.string() })),
});
export type Reaction = z.infer<typeof reactionSchema>;

/** What a reply shows of the message it answers: an excerpt, or that it was deleted. */
export const replyQuoteSchema = z.object({
  messageId: z.string(),
  /** Its place in the chat, so a tab can load the pages up to it. */
  seq: z.number().int().positive(),
  senderUsername: z.string(),
  /** Empty once the quoted message is deleted. */
  excerpt: z.string(),
  contentType: z.enum(['text', 'image', 'file']),
  deleted: z.boolean(),
});
export type ReplyQuote = z.infer<typeof replyQuoteSchema>;

/**
 * A forwarded copy: `from` names the original sender only when the chat's participants can
 * see who that is anyway (the forwarder's own message); else null, shown as "Forwarded".
 */
export const forwardMarkSchema = z.object({ from: z.string().nullable() });
export type ForwardMark = z.infer<typeof forwardMarkSchema>;
