import { z } from 'zod';
import { limits } from './limits';

/**
 * AI in friend chats (docs/product.md#ai-in-chat): an AI answer shared into a chat, and an
 * answer asked of the asker's own model inside a chat. Both are messages whose `ai` field
 * carries the snapshot below; the message's `content` is its readable text (previews, search,
 * notifications), made from the snapshot by the server.
 */

export const aiInChatLimits = {
  /** Bytes of one payload as JSON (UTF-8). */
  payloadMaxBytes: 64 * 1024,
  /** Prompt/reply turns in one shared answer. */
  turnsMax: 20,
  /** Characters of one prompt, reply or reasoning. */
  textMax: 32_000,
  /** Tool calls summarised per turn. */
  toolCallsMax: 20,
  /** Characters of a model's or provider's name. */
  nameMax: 100,
  /** Characters of a shared conversation's title. */
  titleMax: 200,
  /** Chat messages an asker may give the model as context. */
  contextMax: 50,
  /** ...and how many are offered by default. */
  contextDefault: 20,
  /** Largest token count a payload may state. */
  tokensMax: 100_000_000,
} as const;

export const aiMessageContentTypes = ['ai_share', 'ai_answer'] as const;
export type AiMessageContentType = (typeof aiMessageContentTypes)[number];

const text = (what: string) =>
  z
    .string({ error: `${what} must be text` })
    .max(aiInChatLimits.textMax, `${what} must be at most ${aiInChatLimits.textMax} characters`);

const name = (what: string) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .min(1, `${what} must not be blank`)
    .max(aiInChatLimits.nameMax, `${what} must be at most ${aiInChatLimits.nameMax} characters`);

const tokens = (what: string) =>
  z
    .number({ error: `${what} must be a whole number` })
    .int(`${what} must be a whole number`)
    .min(0, `${what} must be 0 or more`)
    .max(aiInChatLimits.tokensMax, `${what} is too large`);

/** A tool the model called, as a share tells of it: its name and whether it succeeded. */
export const aiToolCallSummarySchema = z.strictObject({
  name: name('A tool call name'),
  ok: z.boolean({ error: 'A tool call must say whether it succeeded' }),
});
export type AiToolCallSummary = z.infer<typeof aiToolCallSummarySchema>;

/** One prompt and the reply to it. */
export const aiShareTurnSchema = z.strictObject({
  prompt: text('A prompt').refine((v) => v.trim() !== '', 'A prompt must not be blank'),
  reply: text('A reply').refine((v) => v.trim() !== '', 'A reply must not be blank'),
  /** The model's reasoning, shown collapsed; '' when it gave none. */
  reasoning: text('Reasoning').default(''),
  toolCalls: z
    .array(aiToolCallSummarySchema, { error: 'toolCalls must be a list' })
    .max(aiInChatLimits.toolCallsMax, `At most ${aiInChatLimits.toolCallsMax} tool calls a turn`)
    .default([]),
});
export type AiShareTurn = z.infer<typeof aiShareTurnSchema>;

/** An AI answer (one reply with its prompt, or a range of a conversation) shared into a chat. */
export const aiSharePayloadSchema = z.strictObject({
  kind: z.literal('share'),
  /** The AI conversation's title, when it has one. */
  title: z
    .string({ error: 'The title must be text' })
    .trim()
    .max(aiInChatLimits.titleMax, `The title must be at most ${aiInChatLimits.titleMax} characters`)
    .default(''),
  /** The model as the sharer knew it (the catalogue's label) and its provider's name. */
  model: name('The model'),
  provider: name('The provider'),
  turns: z
    .array(aiShareTurnSchema, { error: 'turns must be a list' })
    .min(1, 'A shared answer needs at least one turn')
    .max(aiInChatLimits.turnsMax, `A share holds at most ${aiInChatLimits.turnsMax} turns`),
  inputTokens: tokens('inputTokens'),
  outputTokens: tokens('outputTokens'),
});
export type AiSharePayload = z.infer<typeof aiSharePayloadSchema>;

/**
 * An answer of the asker's own model, asked inside the chat: the question, how many of the
 * chat's messages went with it, the reply and the counts. The asker is the message's sender.
 */
export const aiAnswerPayloadSchema = z.strictObject({
  kind: z.literal('answer'),
  question: z
    .string({ error: 'The question must be text' })
    .trim()
    .min(1, 'The question must not be blank')
    .max(limits.chatInputMax, `The question must be at most ${limits.chatInputMax} characters`),
  reply: text('The reply').refine((v) => v.trim() !== '', 'The reply must not be blank'),
  reasoning: text('Reasoning').default(''),
  model: name('The model'),
  provider: name('The provider'),
  contextCount: z
    .number({ error: 'contextCount must be a whole number' })
    .int('contextCount must be a whole number')
    .min(0, 'contextCount must be 0 or more')
    .max(aiInChatLimits.contextMax, `contextCount must be at most ${aiInChatLimits.contextMax}`),
  inputTokens: tokens('inputTokens'),
  outputTokens: tokens('outputTokens'),
});
export type AiAnswerPayload = z.infer<typeof aiAnswerPayloadSchema>;

const utf8 = new TextEncoder();

/** The payload of an AI message, checked for shape and for its size as JSON. */
export const aiMessagePayloadSchema = z
  .discriminatedUnion('kind', [aiSharePayloadSchema, aiAnswerPayloadSchema], {
    error: "ai.kind must be 'share' or 'answer'",
  })
  .refine(
    (payload) => utf8.encode(JSON.stringify(payload)).length <= aiInChatLimits.payloadMaxBytes,
    `An AI message must be at most ${aiInChatLimits.payloadMaxBytes / 1024} KiB`,
  );
export type AiMessagePayload = z.infer<typeof aiMessagePayloadSchema>;

/** The content type of a message carrying this payload. */
export function aiContentType(payload: Pick<AiMessagePayload, 'kind'>): AiMessageContentType {
  return payload.kind === 'share' ? 'ai_share' : 'ai_answer';
}

/** The kind of payload a content type needs, or null for a content type that carries none. */
export function aiKindOf(contentType: string): AiMessagePayload['kind'] | null {
  if (contentType === 'ai_share') return 'share';
  if (contentType === 'ai_answer') return 'answer';
  return null;
}

/**
 * The readable text of an AI message, stored as its content: what previews, search and
 * notifications show. A share reads as its first prompt and its last reply.
 */
export function aiMessageText(payload: AiMessagePayload): string {
  const full =
    payload.kind === 'share'
      ? `${payload.turns[0]!.prompt.trim()}\n\n${payload.turns.at(-1)!.reply.trim()}`
      : payload.reply.trim();
  if (full.length <= limits.chatInputMax) return full;
  let cut = full.slice(0, limits.chatInputMax - 1);
  // Never half of a surrogate pair.
  if (/[\uD800-\uDBFF]$/.test(cut)) cut = cut.slice(0, -1);
  return `${cut}…`;
}
