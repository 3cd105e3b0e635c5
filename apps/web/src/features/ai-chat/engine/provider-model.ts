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

/**
 * What the Ollama provider cannot write: `think` as the model should get it (on for a model that
 * thinks, left out otherwise; the provider always writes it, and a model that does not think may
 * refuse it), and options its schema drops (`presence_penalty`).
 */
function withOllamaBody(
  inner: typeof fetch | undefined,
  think: boolean,
  options: Record<string, number>,
): typeof fetch {
  const send: typeof fetch = inner ?? ((input, init) => globalThis.fetch(input, init));
  return (input, init) => {
    if (typeof init?.body !== 'string') return send(input, init);
    let body: unknown;
    try {
      body = JSON.parse(init.body);
    } catch {
      return send(input, init);
    }
    if (!body || typeof body !== 'object' || !('messages' in body)) return send(input, init);
    const record = body as Record<string, unknown>;
    if (think) record.think = true;
    else delete record.think;
    if (Object.keys(options).length) {
      record.options = { ...(record.options as Record<string, unknown> | undefined), ...options };
    }
    return send(input, { ...init, body: JSON.stringify(record) });
  };
}

/** Checks a provider's settings before anything is sent; returns its name and usable base. */
export function checkedProvider(
  settings: ProviderSettings,
  model: string,
): { name: ProviderSettings['provider']; baseURL: string } {
  const name: unknown = settings.provider;
  if (!isProviderName(name)) throw new InvalidProviderError();
  if (!model.trim()) throw new ChatSetupError('Choose a model in the settings first.');
  return { name, baseURL: normalizeBase(settings.base) };
}

export function createLanguageModel(
  settings: ProviderSettings,
  model: string,
  fetchImpl?: typeof fetch,
  onStreamError?: (message: string) => void,
  options: { think?: boolean; presencePenalty?: number } = {},
): LanguageModel {
  const { name, baseURL } = checkedProvider(settings, model);
  const fetch = guardedFetch(
    name,
    name === 'Ollama'
      ? withOllamaBody(
          fetchImpl,
          options.think === true,
          options.presencePenalty !== undefined
            ? { presence_penalty: options.presencePenalty }
            : {},
        )
      : fetchImpl,
    onStreamError,
  );
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
 * temperature, the output limit (`num_predict`) and `top_p` from `options` (`presence_penalty`
 * too, which `createLanguageModel` adds).
 */
export function providerOptionsFor(
  settings: ProviderSettings,
  model: string,
  params: {
    temperature: number;
    maxTokens: number | null;
    topP?: number;
  },
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
            ...(params.topP !== undefined ? { top_p: params.topP } : {}),
          },
        },
      };
    case 'DeepSeek':
      return {};
  }
}
