import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ChatInput } from '@/components/chat-input/chat-input';
import { PromptArgumentForm } from '@/features/ai-chat/components/prompt-argument-form';
import { SlashPromptMenu } from '@/features/ai-chat/components/slash-prompt-menu';
import { useSlashPrompts } from '@/features/ai-chat/hooks/use-slash-prompts';
import type { PromptSources, SlashPrompt } from '@/features/ai-chat/lib/prompt-sources';
import { ApiError } from '@/lib/api-error';

const hostile = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';

const summarize: SlashPrompt = {
  server: 'modern',
  serverName: 'Modern',
  name: 'summarize',
  description: 'Summarise a topic in three sentences',
  arguments: [
    { name: 'topic', description: 'What to summarise', required: true },
    { name: 'tone', required: false },
  ],
};
const simple: SlashPrompt = {
  server: 'everything',
  serverName: hostile,
  name: 'simple-prompt',
  title: 'Simple Prompt',
  description: hostile,
  arguments: [],
};

function sources(overrides: Partial<PromptSources> = {}): PromptSources {
  return {
    prompts: async () => ({
      prompts: [summarize, simple],
      failures: [{ server: 'broken', error: 'Unavailable; an administrator can see why' }],
    }),
    fill: async (prompt, args) =>
      prompt.name === 'summarize'
        ? `Summarise ${args.topic} in three sentences.${args.tone ? ` Tone: ${args.tone}` : ''}`
        : 'A simple prompt.',
    servers: async () => [],
    resources: async () => [],
    read: async () => [],
    ...overrides,
  };
}

function Composer({ from, onSend }: { from: PromptSources; onSend?: (text: string) => void }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const slash = useSlashPrompts(from, ref);
  return (
    <>
      {slash.open ? (
        <SlashPromptMenu
          prompts={slash.matches}
          failures={slash.failures}
          loading={slash.loading}
          active={slash.active}
          onChoose={slash.choose}
          onHover={slash.setActive}
        />
      ) : null}
      {slash.failure ? <p role="alert">{slash.failure}</p> : null}
      <ChatInput
        inputRef={ref}
        onTextChange={slash.onTextChange}
        prefill={slash.prefill}
        onSend={(text) => onSend?.(text)}
      />
      <PromptArgumentForm prompt={slash.chosen} onSubmit={slash.fill} onClose={slash.cancel} />
    </>
  );
}

describe('slash commands in the composer', () => {
  it('lists the prompts with their servers and descriptions when the text starts with /', async () => {
    const user = userEvent.setup();
    render(<Composer from={sources()} />);
    const composer = screen.getByRole('textbox');
    await user.type(composer, '/');
    const list = await screen.findByRole('listbox', { name: 'Prompts of the tool servers' });
    const options = within(list).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      '/summarizeModernSummarise a topic in three sentences',
      `/simple-prompt${hostile}${hostile}`,
    ]);
    expect(options[0]).toHaveAttribute('aria-selected', 'true');
    expect(composer).toHaveAttribute('aria-activedescendant', options[0]?.id);
    // A server whose prompts could not be read is named, not hidden.
    expect(
      screen.getByText(
        'Prompts of broken could not be read: Unavailable; an administrator can see why',
      ),
    ).toBeInTheDocument();
    // Hostile names and descriptions are text: nothing ran, no element was made.
    expect(document.querySelector('img, script')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('filters as the command is typed and closes on Escape or a space', async () => {
    const user = userEvent.setup();
    render(<Composer from={sources()} />);
    const composer = screen.getByRole('textbox');
    await user.type(composer, '/simp');
    expect(await screen.findAllByRole('option')).toHaveLength(1);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(composer).toHaveValue('/simp');
    await user.type(composer, 'le tea');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('moves with the arrow keys, opens the argument form on Enter and puts the prompt in the composer', async () => {
    const user = userEvent.setup();
    const sent = vi.fn();
    render(<Composer from={sources()} onSend={sent} />);
    const composer = screen.getByRole('textbox');
    await user.type(composer, '/');
    await screen.findByRole('listbox');
    await user.keyboard('{ArrowDown}{ArrowUp}{Enter}');
    // Enter chose the prompt rather than sending "/".
    expect(sent).not.toHaveBeenCalled();
    const form = await screen.findByRole('dialog', { name: '/summarize' });
    const topic = within(form).getByLabelText(/^topic/);
    expect(topic).toBeRequired();
    expect(within(form).getByText('*')).toBeInTheDocument();
    expect(within(form).getByLabelText(/^tone/)).not.toBeRequired();
    expect(within(form).getByText('(optional)')).toBeInTheDocument();
    await user.type(topic, 'tides');
    await user.click(within(form).getByRole('button', { name: 'Insert' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(composer).toHaveValue('Summarise tides in three sentences.');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.keyboard('{Enter}');
    expect(sent).toHaveBeenCalledWith('Summarise tides in three sentences.');
  });

  it('fills a prompt without arguments at once, and says why when the server refuses', async () => {
    const user = userEvent.setup();
    const refusing = sources({
      fill: () =>
        Promise.reject(
          new ApiError({ statusCode: 502, code: 'BAD_GATEWAY', message: 'MCP server down' }),
        ),
    });
    const { unmount } = render(<Composer from={sources()} />);
    await user.type(screen.getByRole('textbox'), '/simple');
    await screen.findByRole('option');
    await user.keyboard('{Tab}');
    await waitFor(() => expect(screen.getByRole('textbox')).toHaveValue('A simple prompt.'));
    unmount();

    render(<Composer from={refusing} />);
    await user.type(screen.getByRole('textbox'), '/simple');
    await screen.findByRole('option');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A service the server relies on did not answer.',
    );
    expect(screen.getByRole('textbox')).toHaveValue('/simple');
  });
});
