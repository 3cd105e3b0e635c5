import type { ProviderSettings } from '@confab/protocol/ai-settings';
import { providers } from '@confab/protocol/providers';

export type ProviderFieldError = 'baseRequired' | 'baseNotUrl' | 'baseScheme';

/**
 * Field-level checks of a provider's settings before they are saved: the base must be an
 * absolute http(s) URL. Missing key or model are allowed to be saved (the chat screen says what
 * is still missing), except that a base is always needed.
 */
export function validateProvider(
  settings: ProviderSettings,
): Partial<Record<'base' | 'key' | 'model', ProviderFieldError>> {
  const errors: Partial<Record<'base' | 'key' | 'model', ProviderFieldError>> = {};
  const base = settings.base.trim();
  if (!base) {
    if (providers[settings.provider].requires.base) errors.base = 'baseRequired';
  } else {
    let url: URL | null = null;
    try {
      url = new URL(base);
    } catch {
      errors.base = 'baseNotUrl';
    }
    if (url && url.protocol !== 'http:' && url.protocol !== 'https:') errors.base = 'baseScheme';
  }
  return errors;
}
