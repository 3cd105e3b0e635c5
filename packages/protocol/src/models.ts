/**
 * The model catalogue and embedding models of docs/product.md#models. Plain data without zod:
 * the AI chat loads it with its own chunk, and nothing on the first page imports it.
 */
import type { ProviderName } from './providers';

export interface VisionSupport {
  enabled: boolean;
  allowBase64: boolean;
  allowUrl: boolean;
}

export interface ModelEntry {
  label: string;
  contextWindow: number;
  /** The most output tokens the model can produce: the cap of a chat's max tokens. */
  maxTokens: number;
  defaultMaxTokens: number;
  /** Prices per 1000 tokens in the provider's currency; `null` where none is known. */
  inputPrice: number | null;
  outputPrice: number | null;
  vision: VisionSupport;
  toolEnabled: boolean;
  jsonModelEnabled: boolean;
  isDefault: boolean;
  description: string;
  group: ProviderName;
}

export interface EmbeddingModelEntry {
  label: string;
  dimension: number;
  price: number | null;
  maxTokens: number;
  description: string;
  isDefault: boolean;
}

const noVision: VisionSupport = { enabled: false, allowBase64: false, allowUrl: false };
const fullVision: VisionSupport = { enabled: true, allowBase64: true, allowUrl: true };

function openai(
  label: string,
  contextWindow: number,
  maxTokens: number,
  extra: Partial<ModelEntry> = {},
): ModelEntry {
  return {
    label,
    contextWindow,
    maxTokens,
    defaultMaxTokens: Math.min(maxTokens, 4096),
    inputPrice: null,
    outputPrice: null,
    vision: noVision,
    toolEnabled: true,
    jsonModelEnabled: true,
    isDefault: false,
    description: '',
    group: 'OpenAI',
    ...extra,
  };
}

/** docs/product.md#models (context / max output; prices per 1000 tokens). */
export const modelCatalogue: readonly ModelEntry[] = [
  openai('o1', 200_000, 100_000, {
    vision: { enabled: true, allowBase64: true, allowUrl: true },
    description: 'Reasoning model',
  }),
  openai('o1-mini', 128_000, 65_536, { toolEnabled: false, description: 'Small reasoning model' }),
  openai('o3-mini', 200_000, 100_000, { description: 'Small reasoning model' }),
  openai('gpt-4o', 128_000, 4096, {
    inputPrice: 0.005,
    outputPrice: 0.015,
    vision: fullVision,
    isDefault: true,
    description: 'Multimodal flagship model',
  }),
  openai('gpt-4o-mini', 128_000, 16_384, { vision: fullVision, description: 'Small multimodal' }),
  openai('gpt-4-turbo', 128_000, 4096, { vision: fullVision, description: 'GPT-4 Turbo' }),
  openai('gpt-4', 8129, 8129, { description: 'GPT-4' }),
  openai('gpt-3.5-turbo', 16_385, 4096, { description: 'GPT-3.5 Turbo' }),
  {
    label: 'deepseek-chat',
    contextWindow: 65_536,
    maxTokens: 8192,
    defaultMaxTokens: 4096,
    inputPrice: 0.0006,
    outputPrice: 0.002,
    vision: noVision,
    toolEnabled: true,
    jsonModelEnabled: true,
    isDefault: true,
    description: 'DeepSeek chat model',
    group: 'DeepSeek',
  },
  {
    label: 'deepseek-reasoner',
    contextWindow: 65_536,
    maxTokens: 8192,
    defaultMaxTokens: 4096,
    inputPrice: 0.003,
    outputPrice: 0.016,
    vision: noVision,
    toolEnabled: false,
    jsonModelEnabled: false,
    isDefault: false,
    description: 'DeepSeek reasoning model (reasoning shown before the answer)',
    group: 'DeepSeek',
  },
];

/** docs/product.md#models, embedding models. */
export const embeddingModels: readonly EmbeddingModelEntry[] = [
  {
    label: 'text-embedding-3-large',
    dimension: 3072,
    price: null,
    maxTokens: 8191,
    description: 'Large embedding model',
    isDefault: false,
  },
  {
    label: 'text-embedding-3-small',
    dimension: 1536,
    price: null,
    maxTokens: 8191,
    description: 'Small embedding model',
    isDefault: true,
  },
  {
    label: 'text-embedding-ada-002',
    dimension: 1536,
    price: null,
    maxTokens: 8191,
    description: 'Previous-generation embedding model',
    isDefault: false,
  },
];

/** The catalogue entry of a model name, if the catalogue knows it (exact label match). */
export function findModel(label: string): ModelEntry | undefined {
  return modelCatalogue.find((entry) => entry.label === label);
}

/** The provider's default model in the catalogue, if it has one. */
export function defaultModelOf(group: ProviderName): ModelEntry | undefined {
  return modelCatalogue.find((entry) => entry.group === group && entry.isDefault);
}

/** Models whose system role is `developer` and whose output limit is `max_completion_tokens`. */
export function isDeveloperRoleModel(model: string): boolean {
  return model.startsWith('o1') || model.startsWith('o3');
}
