import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ChatInput } from '@/components/chat-input/chat-input';
import { changeLanguage } from '@/lib/i18n/i18n';

function Harness({ onSend, onStop }: { onSend: (text: string) => void; onStop: () => void }) {
  const [replying, setReplying] = useState(true);
  return (
    <>
      <ChatInput replying={replying} onSend={onSend} onStop={onStop} />
      <button onClick={() => setReplying(false)}>reply ends</button>
    </>
  );
}

function setup() {
  const onSend = vi.fn();
  render(<Harness onSend={onSend} onStop={vi.fn()} />);
  return {
    onSend,
    user: userEvent.setup(),
    input: screen.getByRole('textbox', { name: 'Message' }),
  };
}

describe('the AI chat composer while a reply is written', () => {
  it('Enter keeps the text and says politely why it was not sent, until the reply ends', async () => {
    const { user, input, onSend } = setup();
    await user.type(input, 'next question{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    expect(input).toHaveValue('next question');
    expect(screen.getByRole('status')).toHaveTextContent(
      'A reply is still being written — stop it or wait for it to finish, then send.',
    );
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'reply ends' }));
    expect(screen.queryByText(/still being written/)).not.toBeInTheDocument();
    await user.click(input);
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('next question');
    expect(input).toHaveValue('');
  });

  it('says it in Chinese too', async () => {
    await act(() => changeLanguage('zh-CN'));
    try {
      render(<Harness onSend={vi.fn()} onStop={vi.fn()} />);
      const user = userEvent.setup();
      const input = screen.getByRole('textbox', { name: '消息' });
      await user.type(input, '下一个问题{Enter}');
      expect(input).toHaveValue('下一个问题');
      expect(screen.getByRole('status')).toHaveTextContent(
        '回复仍在生成中——请先停止或等待完成，再发送。',
      );
    } finally {
      await act(() => changeLanguage('en'));
    }
  });

  it('Enter that confirms an IME composition (Chinese input) never sends', async () => {
    const onSend = vi.fn();
    render(<ChatInput onSend={onSend} />);
    const input = screen.getByRole('textbox', { name: 'Message' });
    fireEvent.change(input, { target: { value: '你好' } });
    fireEvent.keyDown(input, { key: 'Enter', isComposing: true });
    // Safari reports the confirming Enter after compositionend with keyCode 229.
    fireEvent.keyDown(input, { key: 'Enter', keyCode: 229 });
    expect(onSend).not.toHaveBeenCalled();
    expect(input).toHaveValue('你好');
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSend).toHaveBeenCalledWith('你好');
  });
});

describe('a composer that may send blank text (a prompt of attachments only)', () => {
  it('sends it with Enter and the send button', async () => {
    const onSend = vi.fn();
    const { rerender } = render(<ChatInput onSend={onSend} />);
    const user = userEvent.setup();
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    rerender(<ChatInput onSend={onSend} allowBlank />);
    expect(send).toBeEnabled();
    await user.click(screen.getByRole('textbox', { name: 'Message' }));
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('');
  });
});
