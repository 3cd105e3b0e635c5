import { act, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { InspectorPanel } from '@/features/ai-chat/components/inspector-panel';
import { addRequest, initialChatState, useChatStore } from '@/features/ai-chat/stores/chat-store';
import { changeLanguage } from '@/lib/i18n/i18n';

const base = {
  body: '{\n  "model": "deepseek-chat"\n}',
  stopped: false,
  text: '',
  reasoning: '',
  toolCalls: [],
  inputTokens: 0,
  outputTokens: 0,
};

beforeEach(() => {
  useChatStore.setState({ ...initialChatState });
  addRequest('c1', {
    ...base,
    round: 1,
    ok: true,
    status: 200,
    reasoning: 'The user wants the weather.',
    toolCalls: [{ id: 't1', name: 'weather--now', args: { city: 'Oslo' } }],
    inputTokens: 12,
    outputTokens: 7,
  });
  addRequest('c1', { ...base, round: 2, ok: false, status: 401, error: 'Authentication Fails' });
  addRequest('c1', { ...base, round: 1, ok: true, status: 200, text: 'It is sunny in Oslo.' });
});

describe('inspector panel', () => {
  it('lists every request, failed ones with status and error, each with its reply', () => {
    render(<InspectorPanel chatId="c1" />);
    const list = screen.getByRole('list', { name: 'Requests' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Request 1');
    expect(items[0]).toHaveTextContent('200');
    expect(within(items[0]!).getByText('The user wants the weather.')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('weather--now');
    expect(items[0]).toHaveTextContent('"city": "Oslo"');
    expect(items[0]).toHaveTextContent('12 in · 7 out tokens');
    expect(items[1]).toHaveTextContent('Failed · 401');
    expect(within(items[1]!).getByText('Authentication Fails')).toBeInTheDocument();
    expect(items[2]).toHaveTextContent('It is sunny in Oslo.');
    expect(items[2]).toHaveTextContent('"model": "deepseek-chat"');
  });

  it('in Chinese', async () => {
    await act(() => changeLanguage('zh-CN'));
    try {
      render(<InspectorPanel chatId="c1" />);
      const list = screen.getByRole('list', { name: '请求' });
      expect(within(list).getAllByRole('listitem')[1]).toHaveTextContent('失败 · 401');
    } finally {
      await act(() => changeLanguage('en'));
    }
  });
});
