import { defaultProviderSettings } from '@confab/protocol/ai-settings';
import type { ProviderName } from '@confab/protocol/providers';
import type { ChatRequest } from '@/features/ai-chat/engine/request-building';

/** A chat request to the test provider: `base` already holds the scenario. */
export function chatRequest(
  provider: ProviderName,
  base: string,
  extra: Partial<ChatRequest> = {},
): ChatRequest {
  const model = extra.model ?? (provider === 'Ollama' ? 'qwen2.5:7b' : 'deepseek-chat');
  return {
    provider: { ...defaultProviderSettings(provider), base, key: 'sk-test', model },
    model,
    label: model,
    system: '',
    messages: [{ role: 'user', content: 'Hello' }],
    temperature: 0.7,
    maxTokens: null,
    stream: true,
    toolSupport: true,
    noTools: false,
    htmlStripped: false,
    ...extra,
  };
}
