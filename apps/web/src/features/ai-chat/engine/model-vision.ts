/**
 * Whether the model a chat uses takes images (docs/product.md#prompt-attachments): the
 * catalogue says so for the models it lists; Ollama is asked (`/api/show` reports "vision" among
 * a model's capabilities); another model is taken as without.
 */
import type { AiChat } from '@confab/protocol/ai-chat';
import type { StoredSettings } from '@confab/protocol/ai-settings';
import { findModel } from '@confab/protocol/models';
import { chatProvider } from '../lib/chat-provider';
import { chatModel } from './request-building';

export async function modelSeesImages(
  settings: StoredSettings,
  chat: Pick<AiChat, 'model' | 'provider'> | null,
  signal: AbortSignal = new AbortController().signal,
  fetchImpl?: typeof fetch,
): Promise<boolean> {
  // The chat's own provider (docs/product.md#model-picker).
  const provider = chatProvider(chat, settings);
  const label = chat ? chatModel(chat, provider) : provider.model;
  const entry = findModel(label);
  if (entry) return entry.vision.enabled;
  if (provider.provider !== 'Ollama' || !label.trim()) return false;
  const model = settings.modelMapping[label]?.trim() || label;
  // Loaded only when asked: it comes with the AI SDK, which the page does not load up front.
  const { ollamaCapabilities } = await import('./model-capabilities');
  const capabilities = await ollamaCapabilities(provider.base, model, signal, fetchImpl);
  return capabilities?.vision === true;
}
