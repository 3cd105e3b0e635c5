import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AskAiPanel } from '@/features/social-chat/components/ask-ai-panel';
import { LiveAiAnswers } from '@/features/social-chat/components/live-ai-answers';
import { useLiveAiAnswers } from '@/features/social-chat/stores/live-ai-answers';
import type { AiBridge, AiModelState } from '@/lib/ai-bridge/ai-bridge';
import { changeLanguage } from '@/lib/i18n/i18n';

const context = Array.from({ length: 20 }, (_, i) => ({
  id: `m${i}`,
  name: i % 2 ? 'bob' : 'alice',
  text: `line ${i}`,
}));

function bridgeWith(state: AiModelState): AiBridge {
  return {
    modelState: () => Promise.resolve(state),
    ask: vi.fn(),
    continueShared: vi.fn(),
    costOf: () => Promise.resolve(null),
  };
}

function openPanel(over: { state?: AiModelState; consentOn?: boolean; question?: string } = {}) {
  const onAsk = vi.fn();
  render(
    <MemoryRouter>
      <AskAiPanel
        open
        onOpenChange={() => undefined}
        initialQuestion={over.question ?? ''}
        initialContext={context}
        name="bob"
        viewerName="alice"
        consentOn={over.consentOn ?? true}
        bridge={bridgeWith(over.state ?? { ready: true, model: 'gpt-4o', provider: 'OpenAI' })}
        onAsk={onAsk}
      />
    </MemoryRouter>,
  );
  return { onAsk, user: userEvent.setup() };
}

describe('the ask panel', () => {
  it('shows the question, the last 20 messages as context with a count and tokens, and the model', async () => {
    const { onAsk, user } = openPanel({ question: 'where to eat?' });
    const panel = screen.getByTestId('ask-ai-panel');
    expect(within(panel).getByLabelText('Question')).toHaveValue('where to eat?');
    expect(screen.getByTestId('ask-ai-context-count')).toHaveTextContent(
      /^Context: 20 messages, about \d+ tokens$/,
    );
    expect(await screen.findByText('Answered by gpt-4o (OpenAI)')).toBeInTheDocument();

    // Each message can be left out; the count follows.
    await user.click(within(panel).getAllByRole('button', { name: 'Leave out this message' })[0]!);
    expect(screen.getByTestId('ask-ai-context-count')).toHaveTextContent(/^Context: 19 messages/);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(onAsk).toHaveBeenCalledWith({
      question: 'where to eat?',
      context: context.slice(1),
      model: 'gpt-4o',
      provider: 'OpenAI',
    });
  });

  it('says what is missing when the model is not ready, links to the AI settings, and asks nothing', async () => {
    const { onAsk, user } = openPanel({
      question: 'hi',
      state: { ready: false, provider: 'OpenAI', missing: ['key', 'model'] },
    });
    expect(
      await screen.findByText(/Your AI is not ready yet: an API key, a model missing\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open AI settings' })).toHaveAttribute(
      'href',
      '/agents/mindBox',
    );
    expect(screen.getByRole('button', { name: 'Ask' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(onAsk).not.toHaveBeenCalled();
  });

  it('lists what is missing in the interface’s own words, in Chinese too', async () => {
    await changeLanguage('zh-CN');
    try {
      openPanel({
        question: 'hi',
        state: { ready: false, provider: 'OpenAI', missing: ['key', 'model'] },
      });
      const line = await screen.findByTestId('ask-ai-model');
      expect(line.textContent).toMatch(/缺少.+、.+。/);
      expect(line.textContent).not.toContain(', ');
    } finally {
      await changeLanguage('en');
    }
  });

  it('is not offered until both switched AI on', async () => {
    openPanel({ question: 'hi', consentOn: false });
    expect(await screen.findByText('Answered by gpt-4o (OpenAI)')).toBeInTheDocument();
    expect(screen.getByText('Both of you must switch on “AI in this chat” first.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Ask' })).toBeDisabled();
  });
});

describe('a live answer', () => {
  afterEach(() => useLiveAiAnswers.setState({ answers: {} }));
  const started = {
    chatId: 'chat-bob',
    answerId: 'a1',
    askerId: 'bob-id',
    askerUsername: 'bob',
    model: 'gpt-4o',
    provider: 'OpenAI',
    contextCount: 3,
  };

  it('shows who asked with which model and how much context, and the text as it grows', () => {
    useLiveAiAnswers.getState().start(started);
    useLiveAiAnswers.getState().append('a1', 'Try the **noodle** ');
    render(<LiveAiAnswers chatId="chat-bob" viewerId="alice-id" onStop={null} />);
    const bubble = screen.getByTestId('live-ai-answer');
    expect(bubble).toHaveTextContent("bob's gpt-4o is answering…");
    expect(bubble).toHaveTextContent('Asked with 3 messages of context');
    expect(bubble).toHaveTextContent('Try the **noodle**');
    // Nobody but the asker stops it from here.
    expect(within(bubble).queryByRole('button', { name: 'Stop' })).toBeNull();
  });

  it('shows who switched AI off in place of the bubble, and takes no more text', () => {
    useLiveAiAnswers.getState().start(started);
    useLiveAiAnswers
      .getState()
      .stop('chat-bob', null, { reason: 'consentOff', byUsername: 'alice' });
    useLiveAiAnswers.getState().append('a1', 'more');
    render(<LiveAiAnswers chatId="chat-bob" viewerId="alice-id" onStop={null} />);
    expect(screen.queryByTestId('live-ai-answer')).toBeNull();
    expect(screen.getByTestId('live-ai-stopped')).toHaveTextContent('alice switched AI off');
    expect(useLiveAiAnswers.getState().answers.a1?.text).toBe('');
  });

  it('goes once it ended (its stored message shows instead), and only in its own chat', () => {
    useLiveAiAnswers.getState().start(started);
    const { rerender } = render(
      <LiveAiAnswers chatId="chat-carol" viewerId="alice-id" onStop={null} />,
    );
    expect(screen.queryByTestId('live-ai-answer')).toBeNull();
    rerender(<LiveAiAnswers chatId="chat-bob" viewerId="alice-id" onStop={null} />);
    expect(screen.getByTestId('live-ai-answer')).toBeInTheDocument();
    useLiveAiAnswers.getState().end('a1');
    rerender(<LiveAiAnswers chatId="chat-bob" viewerId="alice-id" onStop={null} />);
    expect(screen.queryByTestId('live-ai-answer')).toBeNull();
  });
});
