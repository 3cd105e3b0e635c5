import { z } from 'zod';
import { aiInChatLimits } from './ai-in-chat';
import { envelope } from './envelope';
import { chatIdSchema, socialChatSchema } from './social-chat';

/**
 * Asking one's own model inside a friend chat (docs/product.md#ask-ai-in-chat): the chat's
 * "AI in this chat" consent, and the live relay of an answer from the asker's browser, through
 * the server, to the other participant's tabs. The server never calls a model: it checks and
 * forwards what the asker's browser streams.
 */

export const aiRelayLimits = {
  /** Characters of one relayed delta (the browser coalesces deltas, at most 10 a second). */
  deltaMax: 4_000,
  /** How often the asker's browser relays what arrived, at most. */
  deltaEveryMs: 100,
  /** Answers one user may have streaming at once on one node. */
  liveAnswersPerUser: 3,
  /** Characters an answer may stream in all: the stored reply's own limit. */
  textMax: aiInChatLimits.textMax,
} as const;

/** The body of `PUT /api/chat-social-msg/chats/:chatId/ai`: the viewer's own consent. */
export const aiConsentBodySchema = z.strictObject({
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});
export type AiConsentBody = z.infer<typeof aiConsentBodySchema>;

/** Its reply: the chat as the viewer now sees it (its `aiConsent` included). */
export const aiConsentReplySchema = envelope(z.object({ chat: socialChatSchema }));

/** Why a live answer stopped before it was stored. */
export const aiAnswerStopReasons = [
  /** A participant switched "AI in this chat" off. */
  'consentOff',
  /** The chat became read-only (a block, a removal). */
  'readOnly',
  /** The asker's tab went away (closed, lost its connection). */
  'askerLeft',
  /** The asker stopped it, or their model failed. */
  'cancelled',
  /** Nothing new arrived for a long time (a tab that never ended it, a stalled model). */
  'stalled',
] as const;
export type AiAnswerStopReason = (typeof aiAnswerStopReasons)[number];

const answerIdSchema = z.uuid('answerId must be a UUID');
const relayName = (what: string) =>
  z
    .string({ error: `${what} must be text` })
    .trim()
    .min(1, `${what} must not be blank`)
    .max(aiInChatLimits.nameMax, `${what} must be at most ${aiInChatLimits.nameMax} characters`);

/** Client → server `aiAnswerStart`: the asker's browser begins asking its model. */
export const aiAnswerStartPayloadSchema = z.strictObject({
  chatId: chatIdSchema,
  /** The browser's id of this answer (a UUID); every later event names it. */
  answerId: answerIdSchema,
  model: relayName('The model'),
  provider: relayName('The provider'),
  contextCount: z
    .number({ error: 'contextCount must be a whole number' })
    .int('contextCount must be a whole number')
    .min(0, 'contextCount must be 0 or more')
    .max(aiInChatLimits.contextMax, `contextCount must be at most ${aiInChatLimits.contextMax}`),
});
export type AiAnswerStartPayload = z.infer<typeof aiAnswerStartPayloadSchema>;

/** Client → server `aiAnswerDelta`: text that arrived since the last delta. */
export const aiAnswerDeltaPayloadSchema = z.strictObject({
  answerId: answerIdSchema,
  text: z
    .string({ error: 'text must be text' })
    .min(1, 'text must not be empty')
    .max(aiRelayLimits.deltaMax, `text must be at most ${aiRelayLimits.deltaMax} characters`),
});
export type AiAnswerDeltaPayload = z.infer<typeof aiAnswerDeltaPayloadSchema>;

/**
 * Client → server `aiAnswerEnd`: the answer is over; `stored` when the browser posted it as an
 * `ai_answer` message (which replaces the live bubble), else it was cancelled or failed.
 */
export const aiAnswerEndPayloadSchema = z.strictObject({
  answerId: answerIdSchema,
  stored: z.boolean({ error: 'stored must be true or false' }),
});
export type AiAnswerEndPayload = z.infer<typeof aiAnswerEndPayloadSchema>;

/** Server → client: an answer began in a chat of the viewer (the other side, or another tab). */
export interface AiAnswerStartedPayload {
  chatId: string;
  answerId: string;
  askerId: string;
  askerUsername: string;
  model: string;
  provider: string;
  contextCount: number;
}

/** Server → client: more text of a live answer. */
export interface AiAnswerDeltaNotice {
  chatId: string;
  answerId: string;
  text: string;
}

/** Server → client: a live answer ended; `stored` when its message was posted. */
export interface AiAnswerEndedPayload {
  chatId: string;
  answerId: string;
  stored: boolean;
}

/**
 * Server → client: live answers of a chat stopped without being stored (every answer of the
 * chat, or the one named); `byUsername` is who switched AI off, for "‹name› switched AI off".
 */
export interface AiAnswerStoppedPayload {
  chatId: string;
  answerId: string | null;
  reason: AiAnswerStopReason;
  byUsername: string | null;
}
