import type { ProviderSettings } from '@confab/protocol/ai-settings';
import { isProviderName, providers } from '@confab/protocol/providers';

export type MissingSetting = 'provider' | 'base' | 'key' | 'model';

/**
 * docs/product.md#provider-readiness: a provider needs its model, base and key, each only when
 * the provider requires it (Ollama takes no key). Returns what is missing; empty means ready.
 */
export function missingSettings(settings: ProviderSettings): MissingSetting[] {
  if (!isProviderName(settings.provider)) return ['provider'];
  const needs = providers[settings.provider].requires;
  const missing: MissingSetting[] = [];
  if (needs.base && !settings.base.trim()) missing.push('base');
  if (needs.key && !settings.key.trim()) missing.push('key');
  if (needs.model && !settings.model.trim()) missing.push('model');
  return missing;
}
