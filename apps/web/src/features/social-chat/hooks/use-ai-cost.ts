import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAiBridge, type AiUsage } from '@/lib/ai-bridge/ai-bridge';

/**
 * The price of an AI message's tokens, for its sender only (docs/product.md#ai-in-chat): from
 * the catalogue's prices, formatted in the interface's language; null for anyone else, or a
 * model without prices.
 */
export function useAiCost(usage: AiUsage, own: boolean): string | null {
  const bridge = useAiBridge();
  const { i18n } = useTranslation();
  const [cost, setCost] = useState<string | null>(null);
  const { model, provider, inputTokens, outputTokens } = usage;
  useEffect(() => {
    if (!own || !bridge || inputTokens + outputTokens === 0) return;
    let current = true;
    void bridge.costOf({ model, provider, inputTokens, outputTokens }).then((found) => {
      if (!current || !found) return;
      setCost(
        new Intl.NumberFormat(i18n.language, {
          style: 'currency',
          currency: found.currency,
          maximumSignificantDigits: 3,
        }).format(found.amount),
      );
    });
    return () => {
      current = false;
    };
  }, [own, bridge, model, provider, inputTokens, outputTokens, i18n.language]);
  return own ? cost : null;
}
