/**
 * What is sent for a prompt (docs/product.md#provider-calls): the chat's system message, the last
 * `maxCtxMessages` prompt/reply pairs as context, and the prompt itself as vision or text
 * content. The role and token-limit differences of o1/o3 are the provider options' job
 * (provider-model.ts).
 */
import type { AiChat, AiChatMessage } from '@confab/protocol/ai-chat';
import type { ProviderSettings, StoredSettings } from '@confab/protocol/ai-settings';
import { findModel } from '@confab/protocol/models';
import type { ModelMessage } from 'ai';
import {
  presencePenaltyRange,
  sendableModel,
  sendableTemperature,
  temperatureRange,
  topPRange,
} from '../lib/chat-validation';
import { chatProvider } from '../lib/chat-provider';
import type { PromptAttachment } from '@confab/protocol/prompt-attachments';
import { preparePrompt, withAttachments } from './prompt-content';

export interface ChatRequest {
  provider: ProviderSettings;
  /** The model name as sent (after the model mapping). */
  model: string;
  /** The model as the user knows it (catalogue label). */
  label: string;
  system: string;
  messages: ModelMessage[];
  temperature: number;
  maxTokens: number | null;
  /** Sent only when not the default (1). */
  topP?: number;
  /** Sent only when not the default (0). */
  presencePenalty?: number;
  stream: boolean;
  /** Whether the model takes tools: the catalogue says so, and models it does not list may. */
  toolSupport: boolean;
  /** The chat's "No tools" switch: no tools are offered, whatever the model takes. */
  noTools: boolean;
  /** The chat's tool selection (docs/product.md#tool-selection); absent: every tool. */
  toolSelection?: readonly string[];
  /** HTML tags were taken out of the prompt (docs/product.md#prompt-content). */
  htmlStripped: boolean;
}

/**
 * The model a chat uses: its own when not blank and one of its provider's models, else that
 * provider's.
 */
export function chatModel(chat: Pick<AiChat, 'model'>, provider: ProviderSettings): string {
  return sendableModel(chat.model, provider).model;
}

/**
 * Earlier replies that completed, newest last, at most `max` of them; their prompts go with
 * their attachments again (images only to a model with vision).
 */
export function contextMessages(
  history: readonly AiChatMessage[],
  max: number,
  vision = false,
): ModelMessage[] {
  if (max <= 0) return [];
  const usable = history.filter((m) => !m.isActive && !m.error && m.reply.trim() !== '');
  return usable.slice(-max).flatMap((m): ModelMessage[] => [
    { role: 'user', content: withAttachments(m.prompt, m.attachments, vision) },
    { role: 'assistant', content: m.reply },
  ]);
}

export function buildChatRequest(input: {
  settings: StoredSettings;
  chat: AiChat;
  history: readonly AiChatMessage[];
  prompt: string;
  attachments?: readonly PromptAttachment[];
  /**
   * Whether the model takes images; the catalogue's answer when not given (an Ollama model's
   * is asked of Ollama: model-vision.ts).
   */
  vision?: boolean;
}): ChatRequest {
  const { settings, chat, history, prompt, attachments } = input;
  // The chat's provider with its own base, key and model (docs/product.md#model-picker).
  const provider = chatProvider(chat, settings);
  const label = chatModel(chat, provider);
  const mapped = settings.modelMapping[label]?.trim();
  const entry = findModel(label);
  const prompted = preparePrompt(prompt, entry?.vision);
  const vision = input.vision ?? entry?.vision.enabled === true;
  return {
    provider,
    label,
    model: mapped || label,
    system: chat.systemMessage.trim(),
    messages: [
      ...contextMessages(history, chat.maxCtxMessages, vision),
      { role: 'user', content: withAttachments(prompted.content, attachments, vision) },
    ],
    // Within the range of the chat's provider, which may not be the one the chat was set under.
    temperature: sendableTemperature(chat.temperature, temperatureRange(provider.provider)),
    maxTokens: chat.maxTokens,
    topP: chat.topP !== undefined && chat.topP !== topPRange.default ? chat.topP : undefined,
    presencePenalty:
      chat.presencePenalty !== undefined && chat.presencePenalty !== presencePenaltyRange.default
        ? chat.presencePenalty
        : undefined,
    stream: chat.stream,
    toolSupport: entry?.toolEnabled !== false,
    noTools: chat.noTools === true,
    ...(chat.toolSelection ? { toolSelection: chat.toolSelection } : {}),
    htmlStripped: prompted.htmlStripped,
  };
}
