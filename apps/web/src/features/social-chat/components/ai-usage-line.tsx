import type { AiMessagePayload } from '@confab/protocol/ai-in-chat';
import { useTranslation } from 'react-i18next';
import { useAiCost } from '../hooks/use-ai-cost';

/** The token counts of an AI message, and for its sender the cost. */
export function AiUsageLine({ payload, own }: { payload: AiMessagePayload; own: boolean }) {
  const { t } = useTranslation('socialChat');
  const cost = useAiCost(payload, own);
  return (
    <p data-testid="ai-usage" className="text-xs text-fg-muted">
      {t('ai.tokens', { input: payload.inputTokens, output: payload.outputTokens })}
      {cost ? <span data-testid="ai-cost"> · {t('ai.cost', { cost })}</span> : null}
    </p>
  );
}
