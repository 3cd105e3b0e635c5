/**
 * Stored settings (docs/product.md#browser-storage), as the browser keeps them (`keyval-store`,
 * key `settings`). Zod-free; the import schema is in ai-settings-schema.ts.
 */
import type { AiPreset } from './ai-presets';
import { defaultProviderName, providerNames, providers, type ProviderName } from './providers';

/** Provider settings (docs/product.md#browser-storage). */
export interface ProviderSettings {
  provider: ProviderName;
  base: string;
  key: string;
  secret: string;
  deploymentId: string;
  model: string;
  modelList: string[];
}

export interface StoredSettings {
  /** Model label to the name sent instead (for deployments that rename models). */
  modelMapping: Record<string, string>;
  /** Keyed `{server}.{tool}`: whether the tool is offered to the model. */
  toolStates: Record<string, boolean>;
  api: {
    activeProvider: ProviderName;
    providers: Record<ProviderName, ProviderSettings>;
  };
  /** The account's own presets (docs/product.md#presets); absent or empty: none. */
  presets?: AiPreset[];
}

export function defaultProviderSettings(name: ProviderName): ProviderSettings {
  const info = providers[name];
  return {
    provider: name,
    base: info.defaultBase,
    key: '',
    secret: '',
    deploymentId: '',
    // docs/product.md#models: the default provider starts with qwen2.5:7b, the others empty so
    // that readiness asks for a model the user actually has access to.
    model: name === defaultProviderName ? info.defaultModel : '',
    modelList: [],
  };
}

export function defaultSettings(): StoredSettings {
  return {
    modelMapping: {},
    toolStates: {},
    api: {
      activeProvider: defaultProviderName,
      providers: Object.fromEntries(
        providerNames.map((name) => [name, defaultProviderSettings(name)]),
      ) as Record<ProviderName, ProviderSettings>,
    },
  };
}
