import type { AiChat, AiChatMessage } from '@confab/protocol/ai-chat';

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
