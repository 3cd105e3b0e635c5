/**
 * The AI SDK model for a provider's settings. OpenAI goes through Chat Completions
 * (`{base}/chat/completions`, with the reasoning compatible servers send: compat-reasoning.ts), DeepSeek through its own provider (same path, keeps
 * `reasoning_content`), Ollama through `{base}/api/chat`.
 */
import { createDeepSeek } from '@ai-sdk/deepseek';
import { createOpenAI } from '@ai-sdk/openai';
import type { ProviderSettings } from '@confab/protocol/ai-settings';
import { isDeveloperRoleModel } from '@confab/protocol/models';
import { isProviderName } from '@confab/protocol/providers';
import type { LanguageModel, ProviderMetadata } from 'ai';
import { createOllama } from 'ollama-ai-provider-v2';
import { withCompatReasoning } from './compat-reasoning';
import { guardedFetch } from './guarded-fetch';
import { ChatSetupError, InvalidProviderError } from './provider-errors';

/** Same shape as the AI SDK's provider options (JSON values per provider). */
type ProviderOptions = ProviderMetadata;

/** A base the browser can call: an absolute http(s) URL; the trailing slash is dropped. */
export function normalizeBase(base: string): string {
  const trimmed = base.trim();
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new ChatSetupError(
      `The API base "${trimmed}" is not a URL (example: https://api.openai.com/v1).`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ChatSetupError(`The API base "${trimmed}" must start with http:// or https://.`);
  }
  return trimmed.replace(/\/+$/, '');
}

export function createLanguageModel(
  settings: ProviderSettings,
  model: string,
  fetchImpl?: typeof fetch,
  onStreamError?: (message: string) => void,
): LanguageModel {
  const name: unknown = settings.provider;
  if (!isProviderName(name)) throw new InvalidProviderError();
  if (!model.trim()) throw new ChatSetupError('Choose a model in the settings first.');
  const baseURL = normalizeBase(settings.base);
  const fetch = guardedFetch(name, fetchImpl, onStreamError);
  switch (name) {
    case 'OpenAI':
      // OpenAI-compatible servers send reasoning the OpenAI provider would drop.
      return withCompatReasoning(
        createOpenAI({ baseURL, apiKey: settings.key, fetch }).chat(model),
      );
    case 'DeepSeek':
      return createDeepSeek({ baseURL, apiKey: settings.key, fetch }).chat(model);
    case 'Ollama':
      return createOllama({ baseURL: `${baseURL}/api`, fetch }).chat(model);
  }
}

/**
 * What each provider needs beyond the common settings. o1/o3 take `developer` instead of
 * `system`, `max_completion_tokens` for `max_tokens` (docs/product.md#provider-calls); Ollama reads
 * temperature and the output limit from `options` (`num_predict`).
 */
export function providerOptionsFor(
  settings: ProviderSettings,
  model: string,
  params: { temperature: number; maxTokens: number | null },
): ProviderOptions {
  switch (settings.provider) {
    case 'OpenAI':
      return isDeveloperRoleModel(model)
        ? { openai: { systemMessageMode: 'developer', forceReasoning: true } }
        : {};
    case 'Ollama':
      return {
        ollama: {
          options: {
            temperature: params.temperature,
            ...(params.maxTokens ? { num_predict: params.maxTokens } : {}),
          },
        },
      };
    case 'DeepSeek':
      return {};
  }
}
