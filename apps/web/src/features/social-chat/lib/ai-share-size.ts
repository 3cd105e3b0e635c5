import { aiInChatLimits, type AiMessagePayload } from '@confab/protocol/ai-in-chat';

const utf8 = new TextEncoder();

/** A payload's size as the server counts it: its JSON in UTF-8 bytes. */
export function aiPayloadBytes(payload: AiMessagePayload): number {
  return utf8.encode(JSON.stringify(payload)).length;
}

/** Whether the server would refuse it for its size (docs/product.md#ai-in-chat). */
export function aiPayloadTooLarge(payload: AiMessagePayload): boolean {
  return aiPayloadBytes(payload) > aiInChatLimits.payloadMaxBytes;
}
