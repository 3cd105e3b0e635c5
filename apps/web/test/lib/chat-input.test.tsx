import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ChatInput } from '@/components/chat-input/chat-input';

function setup(replying = false) {
  const onSend = vi.fn();
  const onStop = vi.fn();
  const view = render(<ChatInput replying={replying} onSend={onSend} onStop={onStop} />);
  return {
    ...view,
    onSend,
    onStop,
    user: userEvent.setup(),
    input: screen.getByRole('textbox', { name: 'Message' }),
  };
}

describe('chat input (docs/product.md#chat-input)', () => {
  it('Enter sends the trimmed text and clears the field; Shift+Enter starts a line', async () => {
    const { user, input, onSend } = setup();
    expect(input).toHaveAttribute('placeholder', 'Enter your question or message');
    expect(input).toHaveAttribute('maxlength', '2000');
    await user.type(input, '  hello{Shift>}{Enter}{/Shift}world  ');
    expect(input).toHaveValue('  hello\nworld  ');
    expect(onSend).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('hello\nworld');
    expect(input).toHaveValue('');
  });

  it('a prefilled draft goes after what the user had typed, never in place of it', async () => {
    const onSend = vi.fn();
    const view = render(<ChatInput replying={false} onSend={onSend} onStop={vi.fn()} />);
    const input = screen.getByRole('textbox', { name: 'Message' });
    await userEvent.setup().type(input, 'half a thought');
    view.rerender(
      <ChatInput
        replying={false}
        onSend={onSend}
        onStop={vi.fn()}
        prefill={{ text: 'The draft.', at: 1 }}
      />,
    );
    expect(input).toHaveValue('half a thought\n\nThe draft.');
  });

  it('blank text is not sent', async () => {
    const { user, input, onSend } = setup();
    await user.type(input, '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('says when the text would pass 2000 characters', async () => {
    const { user, input } = setup();
    await user.click(input);
    await user.paste('x'.repeat(2001));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A message cannot be longer than 2000 characters',
    );
  });

  it('while a reply streams: no sending, a stop button instead', async () => {
    const { user, input, onSend, onStop } = setup(true);
    await user.type(input, 'next{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Stop' }));
    expect(onStop).toHaveBeenCalledOnce();
  });
});
