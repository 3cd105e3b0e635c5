import type { AiChat, AiChatMessage } from '@confab/protocol/ai-chat';
import type { AiPreset } from '@confab/protocol/ai-presets';

/** An AI chat as the app stores it, with the defaults of a new chat; `changes` override them. */
export const aiChat = (id: string, changes: Partial<AiChat> = {}): AiChat => ({
  id,
  createdAt: 1,
  updatedAt: 1,
  summary: id,
  model: '',
  systemMessage: '',
  maxCtxMessages: 10,
  temperature: 1,
  maxTokens: null,
  prompt: '',
  input: '',
  stream: true,
  context: '',
  ...changes,
});

/** A finished message (`prompt {id}`, `reply {id}`) of `chatId`; `changes` override fields. */
export const aiMessage = (
  chatId: string,
  id: string,
  changes: Partial<AiChatMessage> = {},
): AiChatMessage => ({
  id,
  chatId,
  prompt: `prompt ${id}`,
  reply: `reply ${id}`,
  reasoning: '',
  model: 'm',
  provider: 'OpenAI',
  temperature: 1,
  maxTokens: null,
  inputTokens: 1,
  outputTokens: 2,
  memo: '',
  isActive: false,
  citedFiles: [],
  citedChunks: [],
  createdAt: 10,
  ...changes,
});

/** A saved preset (`{id}` as its name), with the defaults of a new one; `changes` override them. */
export const aiPreset = (id: string, changes: Partial<AiPreset> = {}): AiPreset => ({
  id,
  name: id,
  systemMessage: '',
  provider: 'Ollama',
  model: '',
  temperature: 0.5,
  maxTokens: null,
  maxCtxMessages: 4,
  createdAt: 1,
  updatedAt: 1,
  ...changes,
});
