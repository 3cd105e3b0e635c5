import type { SocialChat } from '@confab/protocol/social-chat';

/**
 * What "AI in this chat" shows (docs/product.md#ask-ai-in-chat): off until the viewer switches
 * it on, then waiting for the other person, then on once both have.
 */
export type AiConsentState = 'off' | 'waiting' | 'on';

export function aiConsentState(chat: Pick<SocialChat, 'aiConsent' | 'readOnly'>): AiConsentState {
  if (chat.readOnly || !chat.aiConsent.mine) return 'off';
  return chat.aiConsent.theirs ? 'on' : 'waiting';
}
