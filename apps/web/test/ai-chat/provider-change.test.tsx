import type { AiChat } from '@confab/protocol/ai-chat';
import { defaultSettings, type StoredSettings } from '@confab/protocol/ai-settings';
import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { newChat } from '@/features/ai-chat/actions/chat-actions';
import { ChatSettingsForm } from '@/features/ai-chat/components/chat-settings-form';
import { buildChatRequest } from '@/features/ai-chat/engine/request-building';
import { sendableModel } from '@/features/ai-chat/lib/chat-validation';

const chat: AiChat = {
  id: 'c1',
  createdAt: 0,
  updatedAt: 0,
  summary: 'Chat',
  model: 'gpt-4o',
  systemMessage: '',
  maxCtxMessages: 10,
  temperature: 0.7,
  maxTokens: null,
  prompt: '',
  input: '',
  stream: true,
  context: '',
};

function ollamaSettings(modelList: string[] = []): StoredSettings {
  const settings = defaultSettings();
  settings.api.activeProvider = 'Ollama';
  settings.api.providers.Ollama = {
    ...settings.api.providers.Ollama,
    model: 'qwen2.5:7b',
    modelList,
  };
  return settings;
}

describe("a chat's model against the provider in use", () => {
  it('a model of another provider is not sent: the provider in use gets its own model', () => {
    const request = buildChatRequest({
      settings: ollamaSettings(),
      chat,
      history: [],
      prompt: 'Hi',
    });
    expect(request.model).toBe('qwen2.5:7b');
  });

  it('a model missing from the fetched list is replaced; one in it is kept', () => {
    const provider = ollamaSettings(['qwen2.5:7b', 'gemma3:1b']).api.providers.Ollama;
    expect(sendableModel('llama3:8b', provider)).toEqual({ model: 'qwen2.5:7b', replaced: true });
    expect(sendableModel('gemma3:1b', provider)).toEqual({ model: 'gemma3:1b', replaced: false });
    expect(sendableModel('', provider)).toEqual({ model: 'qwen2.5:7b', replaced: false });
  });

  it('without a fetched list, a model no catalogue knows is kept (it may exist there)', () => {
    const provider = ollamaSettings().api.providers.Ollama;
    expect(sendableModel('llama3:8b', provider)).toEqual({ model: 'llama3:8b', replaced: false });
  });

  it('the chat settings say which model is used instead', () => {
    const settings = ollamaSettings();
    render(
      <ChatSettingsForm
        chat={chat}
        provider="Ollama"
        providerModel="qwen2.5:7b"
        providerModels={settings.api.providers.Ollama.modelList}
        onSave={vi.fn(() => Promise.resolve())}
      />,
    );
    expect(
      screen.getByText(
        "This chat's model gpt-4o is not one of Ollama's models: qwen2.5:7b is used instead.",
      ),
    ).toBeInTheDocument();
  });

  it("a new chat takes the provider in use's model and default temperature", () => {
    const ollama = newChat(ollamaSettings());
    expect(ollama.model).toBe('');
    expect(ollama.temperature).toBe(0.9);
    const settings = defaultSettings();
    settings.api.activeProvider = 'OpenAI';
    expect(newChat(settings).temperature).toBe(1);
  });
});
