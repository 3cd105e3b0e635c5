import type { AiChat } from '@confab/protocol/ai-chat';
import type { ProviderSettings, StoredSettings } from '@confab/protocol/ai-settings';

/**
 * The provider a chat's requests go to, with that provider's own base, key and model:
 * the chat's own when it has one, else the active provider, the default of new chats
 * (docs/product.md#model-picker).
 */
export function chatProvider(
  chat: Pick<AiChat, 'provider'> | null | undefined,
  settings: StoredSettings,
): ProviderSettings {
  const own = chat?.provider ? settings.api.providers[chat.provider] : undefined;
  return own ?? settings.api.providers[settings.api.activeProvider];
}
