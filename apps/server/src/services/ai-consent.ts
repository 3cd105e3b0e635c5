import { forbidden } from '../lib/app-error';

/** The participant rows "AI in this chat" is read from (migration 0019). */
interface ConsentRows {
  me: { ai_enabled: number };
  others: readonly { ai_enabled: number }[];
}

/** The one text of a refusal for want of consent, whoever's switch is off. */
export const aiConsentOff =
  'AI is not on in this chat: both participants must switch on "AI in this chat"';

/** Both participants switched "AI in this chat" on (docs/product.md#ask-ai-in-chat). */
export function aiConsentOfBoth({ me, others }: ConsentRows): boolean {
  return me.ai_enabled === 1 && others.length > 0 && others.every((o) => o.ai_enabled === 1);
}

/** The viewer's switch and the other participant's, as the chat view carries them. */
export function aiConsentView({ me, others }: ConsentRows): { mine: boolean; theirs: boolean } {
  return {
    mine: me.ai_enabled === 1,
    theirs: others.length > 0 && others.every((o) => o.ai_enabled === 1),
  };
}

/** Refuses asking AI in a chat unless both switched it on: 403 AI_CONSENT_OFF. */
export function refuseUnlessAiConsent(rows: ConsentRows): void {
  if (!aiConsentOfBoth(rows)) throw forbidden(aiConsentOff).because('AI_CONSENT_OFF');
}
