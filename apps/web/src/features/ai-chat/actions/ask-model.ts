/**
 * The user's model for the rest of the app (lib/ai-bridge): one request to the active
 * provider with its own base, key and model, through the same engine as the AI chat, without
 * tools (a question asked in a friend chat or about a message calls nothing on the user's
 * behalf). The app hands it to the features that ask.
 */
import type { AiAskOptions, AiAskResult, AiBridge, AiModelState } from '@/lib/ai-bridge/ai-bridge';
import { getSettings, loadSettings } from '@/lib/stored-settings/settings-store';
import { chatProvider } from '../lib/chat-provider';
import { sendableTemperature, temperatureRange } from '../lib/chat-validation';
import { missingSettings } from '../lib/provider-readiness';
import { replyCost } from '../lib/reply-cost';
import type { ChatRequest } from '../engine/request-building';

/**
 * The settings as they are now: `loadSettings()` answers with what the page first read, and a
 * provider set up since then is only in `getSettings()`.
 */
async function currentSettings() {
  await loadSettings();
  return getSettings();
}

async function modelState(): Promise<AiModelState> {
  const settings = await currentSettings();
  const provider = chatProvider(null, settings);
  const missing = missingSettings(provider);
  if (missing.length > 0) return { ready: false, provider: provider.provider, missing };
  return { ready: true, model: provider.model.trim(), provider: provider.provider };
}

async function ask(options: AiAskOptions): Promise<AiAskResult> {
  const settings = await currentSettings();
  const provider = chatProvider(null, settings);
  const label = provider.model.trim();
  const empty = { content: '', reasoning: '', inputTokens: 0, outputTokens: 0, cost: null };
  const missing = missingSettings(provider);
  if (missing.length > 0) {
    return {
      ...empty,
      model: label,
      provider: provider.provider,
      aborted: false,
      failure: `Set up ${provider.provider} first: ${missing.join(', ')} missing`,
    };
  }
  const range = temperatureRange(provider.provider);
  const request: ChatRequest = {
    provider,
    label,
    model: settings.modelMapping[label]?.trim() || label,
    system: options.system?.trim() ?? '',
    messages: options.messages.map((m) => ({ role: m.role, content: m.content })),
    temperature: sendableTemperature(range.default, range),
    maxTokens: null,
    stream: true,
    toolSupport: false,
    noTools: true,
    htmlStripped: false,
  };
  const { runChat } = await import('../engine/run-chat');
  const result = await runChat(request, {
    chatId: 'ask',
    signal: options.signal,
    origin: typeof location === 'undefined' ? undefined : location.origin,
    onEvent: (event) => {
      if (event.type === 'content' || event.type === 'reasoning') {
        options.onDelta?.({ type: event.type, text: event.text });
      }
    },
  });
  return {
    content: result.content,
    reasoning: result.reasoning,
    inputTokens: result.inputTokens,
    outputTokens: result.outputTokens,
    model: label,
    provider: provider.provider,
    cost: replyCost(label, provider.provider, result.inputTokens, result.outputTokens),
    aborted: result.aborted,
    ...(result.failure ? { failure: result.failure.message } : {}),
  };
}

export const askModelBridge: AiBridge = {
  modelState,
  ask,
  continueShared: async (payload) => {
    const { continueShared } = await import('./continue-shared');
    await continueShared(payload);
  },
  costOf: async (usage) =>
    replyCost(usage.model, usage.provider, usage.inputTokens, usage.outputTokens),
};
