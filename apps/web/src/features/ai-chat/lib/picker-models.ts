/**
 * What the model picker lists (docs/product.md#model-picker): the models of every ready
 * provider, grouped by provider, the active one (the default of new chats) first; the providers
 * not ready only by name, to be set up.
 */
import type { StoredSettings } from '@confab/protocol/ai-settings';
import { modelCatalogue } from '@confab/protocol/models';
import { providerNames, type ProviderName } from '@confab/protocol/providers';
import { missingSettings } from './provider-readiness';

export interface PickerGroup {
  provider: ProviderName;
  models: string[];
}

/** Model lists fetched by the picker, for the providers whose settings hold none. */
export type FetchedLists = Partial<Record<ProviderName, readonly string[]>>;

/** Ready providers, the active one first. */
export function readyProviders(settings: StoredSettings): ProviderName[] {
  const ordered = [
    settings.api.activeProvider,
    ...providerNames.filter((name) => name !== settings.api.activeProvider),
  ];
  return ordered.filter((name) => missingSettings(settings.api.providers[name]).length === 0);
}

/**
 * A provider's models: its own model with its stored list, else the list the picker fetched,
 * else what the catalogue gives that provider. Sorted by name, each once.
 */
export function providerModels(
  settings: StoredSettings,
  name: ProviderName,
  fetched: FetchedLists,
): string[] {
  const own = settings.api.providers[name];
  const listed = own.modelList.length ? own.modelList : (fetched[name] ?? []);
  const known = listed.length
    ? listed
    : modelCatalogue.filter((entry) => entry.group === name).map((entry) => entry.label);
  const models = new Set([own.model.trim(), ...known].filter(Boolean));
  return [...models].sort((a, b) => a.localeCompare(b));
}

/** The groups of ready providers with the models whose name holds `query` (any case). */
export function pickerGroups(
  settings: StoredSettings,
  fetched: FetchedLists,
  query: string,
): PickerGroup[] {
  const needle = query.trim().toLowerCase();
  return readyProviders(settings)
    .map((provider) => ({
      provider,
      models: providerModels(settings, provider, fetched).filter((model) =>
        model.toLowerCase().includes(needle),
      ),
    }))
    .filter((group) => group.models.length > 0);
}

/** The providers that are not ready: the picker offers to set them up. */
export function unreadyProviders(settings: StoredSettings): ProviderName[] {
  const ready = new Set(readyProviders(settings));
  return providerNames.filter((name) => !ready.has(name));
}
