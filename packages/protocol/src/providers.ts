/**
 * The model providers (docs/product.md#models), their defaults. Plain data without zod, so the web
 * app's AI chat chunk can import it without pulling the schema library.
 */
export const providerNames = ['OpenAI', 'Ollama', 'DeepSeek'] as const;
export type ProviderName = (typeof providerNames)[number];

export function isProviderName(value: unknown): value is ProviderName {
  return providerNames.includes(value as ProviderName);
}

/** Which settings a provider cannot work without (docs/product.md#provider-readiness). */
export interface ProviderRequirements {
  base: boolean;
  key: boolean;
  model: boolean;
}

/** A temperature range; `open` ends exclude the bound itself. */
export interface TemperatureRange {
  min: number;
  max: number;
  minOpen?: boolean;
  maxOpen?: boolean;
  default: number;
}

export interface ProviderInfo {
  name: ProviderName;
  /** The wire format: Chat Completions SSE, or Ollama's NDJSON /api/chat. */
  wire: 'chat-completions' | 'ollama';
  defaultBase: string;
  defaultModel: string;
  requires: ProviderRequirements;
  temperature: TemperatureRange;
  /** Currency of the catalogue's prices for this provider's models. */
  currency: 'USD' | 'CNY';
  /** Where the model list comes from, relative to the base. */
  modelListPath: '/models' | '/api/tags';
}

/** docs/product.md#temperature and the default bases of #models. */
export const providers: Record<ProviderName, ProviderInfo> = {
  OpenAI: {
    name: 'OpenAI',
    wire: 'chat-completions',
    defaultBase: 'https://api.openai.com/v1',
    defaultModel: 'gpt-4o',
    requires: { base: true, key: true, model: true },
    temperature: { min: 0, max: 2, default: 1 },
    currency: 'USD',
    modelListPath: '/models',
  },
  Ollama: {
    name: 'Ollama',
    wire: 'ollama',
    defaultBase: 'http://localhost:11434',
    defaultModel: 'qwen2.5:7b',
    requires: { base: true, key: false, model: true },
    temperature: { min: 0, max: 1, default: 0.9 },
    currency: 'USD',
    modelListPath: '/api/tags',
  },
  DeepSeek: {
    name: 'DeepSeek',
    wire: 'chat-completions',
    defaultBase: 'https://api.deepseek.com',
    defaultModel: 'deepseek-chat',
    requires: { base: true, key: true, model: true },
    temperature: { min: 0, max: 2, default: 1 },
    currency: 'CNY',
    modelListPath: '/models',
  },
};

/** docs/product.md#models: the default provider is the local Ollama-style server. */
export const defaultProviderName: ProviderName = 'Ollama';
