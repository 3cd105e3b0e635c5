import type { AiChatMessage } from '@confab/protocol/ai-chat';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { MessageList } from '@/features/ai-chat/components/message-list';
import { markdownParser } from '@/features/ai-chat/lib/markdown-processor';
import { setLiveReply, useChatStore } from '@/features/ai-chat/stores/chat-store';
import { forgetPageMemory, stubLayout } from '../helpers/ai-chat-page';

const message: AiChatMessage = {
  id: 'm-1',
  chatId: 'c-1',
  prompt: 'Explain it',
  reply: '',
  reasoning: '',
  model: 'gemma3:1b',
  provider: 'Ollama',
  temperature: 0.7,
  maxTokens: null,
  inputTokens: 0,
  outputTokens: 0,
  memo: '',
  isActive: true,
  citedFiles: [],
  citedChunks: [],
  createdAt: 1,
};

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  forgetPageMemory();
});

it('a chat open for a moment shows a reply formatted from its first streamed text', async () => {
  stubLayout();
  // The idle moment after the chat shows comes at once here.
  vi.stubGlobal('requestIdleCallback', (run: () => void) => setTimeout(run, 0));
  vi.stubGlobal('cancelIdleCallback', (handle: number) => clearTimeout(handle));
  useChatStore.setState({ activeId: 'c-1' });
  render(<MessageList label="AI chat" messages={[message]} busy />);
  // The markdown loads while the page is idle (a cold load here takes a while on a busy machine).
  await waitFor(() => expect(markdownParser()).not.toBeNull(), { timeout: 15_000 });

  act(() =>
    setLiveReply('c-1', {
      messageId: 'm-1',
      reply: 'Some **bold** words\n\nand `code` still com',
      reasoning: '',
      toolCalls: [],
    }),
  );
  // The first text of the reply is already formatted: no raw asterisks shown in the meantime.
  const reply = screen.getByTestId('reply');
  expect(within(reply).getByText('bold').tagName).toBe('STRONG');
  expect(within(reply).getByText('code').tagName).toBe('CODE');
  expect(reply).not.toHaveTextContent('**');
});
