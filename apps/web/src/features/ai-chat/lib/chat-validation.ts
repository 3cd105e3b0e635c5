/**
 * docs/product.md#chat-settings (with #temperature) and #chat-input.
 * Each rule gives a message key of the `mindBox` catalog, so the form shows field-level texts in
 * the user's language.
 */
import type { AiChat } from '@confab/protocol/ai-chat';
import { limits } from '@confab/protocol/limits';
import type { ProviderSettings } from '@confab/protocol/ai-settings';
import { findModel, modelCatalogue } from '@confab/protocol/models';
import { providers, type ProviderName, type TemperatureRange } from '@confab/protocol/providers';
import { isPresent } from '@/components/chat-input/input-rules';

/** The largest max tokens a model accepts: the catalogue's, else 4096. */
export function maxTokensCap(model: string): number {
  return findModel(model)?.maxTokens ?? limits.defaultMaxTokensCap;
}

export function temperatureRange(provider: ProviderName): TemperatureRange {
  return providers[provider].temperature;
}

export function inRange(value: number, range: TemperatureRange): boolean {
  const aboveMin = range.minOpen ? value > range.min : value >= range.min;
  const belowMax = range.maxOpen ? value < range.max : value <= range.max;
  return aboveMin && belowMax;
}

/**
 * The temperature sent for a chat: its own when the provider in use takes it, else the nearest
 * bound of that provider's range (the provider's default when that bound is excluded). A chat keeps
 * its temperature when the provider changes, and Ollama refuses what OpenAI takes (2).
 */
export function sendableTemperature(value: number, range: TemperatureRange): number {
  if (inRange(value, range)) return value;
  const bound = value < range.min ? range.min : range.max;
  const boundOpen = value < range.min ? range.minOpen : range.maxOpen;
  return boundOpen ? range.default : bound;
}

/**
 * The model sent for a chat: its own when the provider in use has it, else the provider's. A
 * chat keeps its model when the provider changes, and `gpt-4o` set under OpenAI does not exist
 * on an Ollama server. The provider's models are its catalogue entries, its fetched list and its
 * own model; without a fetched list only a model the catalogue gives another provider counts as
 * missing (any other name may exist on that server).
 */
export function sendableModel(
  chatModel: string,
  provider: Pick<ProviderSettings, 'provider' | 'model' | 'modelList'>,
): { model: string; replaced: boolean } {
  const own = chatModel.trim();
  const fallback = provider.model.trim();
  if (!own) return { model: fallback, replaced: false };
  const known =
    own === fallback ||
    provider.modelList.includes(own) ||
    modelCatalogue.some((entry) => entry.label === own && entry.group === provider.provider);
  if (known) return { model: own, replaced: false };
  const elsewhere = modelCatalogue.some((entry) => entry.label === own);
  if (provider.modelList.length || elsewhere) return { model: fallback, replaced: true };
  return { model: own, replaced: false };
}

/** docs/product.md#chat-settings: the sampling settings beside temperature, the same for every provider. */
export const topPRange = { min: 0, max: 1, default: 1 } as const;
export const presencePenaltyRange = { min: -2, max: 2, default: 0 } as const;

/** What the chat settings form holds: numbers as typed, so bad input can be reported. */
export interface ChatSettingsDraft {
  summary: string;
  model: string;
  systemMessage: string;
  maxCtxMessages: string;
  temperature: string;
  maxTokens: string;
  stream: boolean;
  noTools: boolean;
  /** The servers and tools the chat offers (docs/product.md#tool-selection); absent: all. */
  toolSelection?: string[];
  topP: string;
  presencePenalty: string;
}

export type ChatSettingsErrors = Partial<
  Record<keyof ChatSettingsDraft, { key: ChatSettingsErrorKey; values?: Record<string, number> }>
>;

export type ChatSettingsErrorKey =
  | 'summaryTooLong'
  | 'modelTooLong'
  | 'systemMessageTooLong'
  | 'maxCtxMessages'
  | 'maxTokensPositive'
  | 'maxTokensCap'
  | 'temperatureNumber'
  | 'temperatureRange'
  | 'temperatureNoModel'
  | 'topPRange'
  | 'presencePenaltyRange';

const summaryMax = 200;
/** As long as a synced preset's or chat's model may be (the server refuses longer). */
const modelMax = 500;

function parseNumber(text: string): number | null {
  if (!isPresent(text)) return null;
  const value = Number(text.trim());
  return Number.isFinite(value) ? value : Number.NaN;
}

/**
 * Validates the draft against the model it will use (`effectiveModel`: the draft's model when
 * present, else the provider's). Returns the chat changes, or the errors by field.
 */
export function validateChatSettings(
  draft: ChatSettingsDraft,
  context: { provider: ProviderName; providerModel: string },
): { ok: true; changes: Partial<AiChat> } | { ok: false; errors: ChatSettingsErrors } {
  const errors: ChatSettingsErrors = {};
  if (draft.summary.length > summaryMax) {
    errors.summary = { key: 'summaryTooLong', values: { max: summaryMax } };
  }
  if (draft.model.trim().length > modelMax) {
    errors.model = { key: 'modelTooLong', values: { max: modelMax } };
  }
  if (draft.systemMessage.length > limits.systemMessageMax) {
    errors.systemMessage = {
      key: 'systemMessageTooLong',
      values: { max: limits.systemMessageMax },
    };
  }
  const model = isPresent(draft.model) ? draft.model.trim() : '';
  const effectiveModel = model || context.providerModel.trim();

  const ctx = parseNumber(draft.maxCtxMessages);
  if (ctx === null || Number.isNaN(ctx) || ctx < 0 || !Number.isInteger(ctx)) {
    errors.maxCtxMessages = { key: 'maxCtxMessages' };
  }

  const maxTokens = parseNumber(draft.maxTokens);
  const cap = maxTokensCap(effectiveModel);
  if (maxTokens !== null) {
    if (Number.isNaN(maxTokens) || maxTokens <= 0 || !Number.isInteger(maxTokens)) {
      errors.maxTokens = { key: 'maxTokensPositive' };
    } else if (maxTokens > cap) {
      errors.maxTokens = { key: 'maxTokensCap', values: { cap } };
    }
  }

  const range = temperatureRange(context.provider);
  const temperature = parseNumber(draft.temperature);
  if (!effectiveModel) {
    errors.temperature = { key: 'temperatureNoModel' };
  } else if (temperature === null || Number.isNaN(temperature)) {
    errors.temperature = { key: 'temperatureNumber' };
  } else if (!inRange(temperature, range)) {
    errors.temperature = { key: 'temperatureRange', values: { min: range.min, max: range.max } };
  }

  const topP = parseNumber(draft.topP);
  if (topP !== null && !(topP >= topPRange.min && topP <= topPRange.max)) {
    errors.topP = { key: 'topPRange', values: { min: topPRange.min, max: topPRange.max } };
  }
  const presencePenalty = parseNumber(draft.presencePenalty);
  if (
    presencePenalty !== null &&
    !(presencePenalty >= presencePenaltyRange.min && presencePenalty <= presencePenaltyRange.max)
  ) {
    errors.presencePenalty = {
      key: 'presencePenaltyRange',
      values: { min: presencePenaltyRange.min, max: presencePenaltyRange.max },
    };
  }

  if (Object.keys(errors).length) return { ok: false, errors };
  return {
    ok: true,
    changes: {
      summary: draft.summary,
      model,
      systemMessage: draft.systemMessage,
      maxCtxMessages: ctx ?? 0,
      temperature: temperature ?? range.default,
      maxTokens,
      stream: draft.stream,
      noTools: draft.noTools,
      // Kept as drafted; absent clears the chat's selection (all tools again).
      ...('toolSelection' in draft ? { toolSelection: draft.toolSelection } : {}),
      topP: topP ?? topPRange.default,
      presencePenalty: presencePenalty ?? presencePenaltyRange.default,
    },
  };
}
