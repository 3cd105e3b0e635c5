import { findModel } from '@confab/protocol/models';
import { isProviderName, providers } from '@confab/protocol/providers';

/** The price of one reply from the catalogue's prices per 1000 tokens; null when unknown. */
export function replyCost(
  model: string,
  provider: string,
  inputTokens: number,
  outputTokens: number,
): { amount: number; currency: 'USD' | 'CNY' } | null {
  const entry = findModel(model);
  if (!entry || entry.inputPrice === null || entry.outputPrice === null) return null;
  const currency = isProviderName(provider) ? providers[entry.group].currency : 'USD';
  return {
    amount: (inputTokens / 1000) * entry.inputPrice + (outputTokens / 1000) * entry.outputPrice,
    currency,
  };
}

export function formatCost(cost: { amount: number; currency: 'USD' | 'CNY' }, locale: string) {
  return new Intl.NumberFormat(locale, {
    style: 'currency',
    currency: cost.currency,
    maximumSignificantDigits: 3,
  }).format(cost.amount);
}
