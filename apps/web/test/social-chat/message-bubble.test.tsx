import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MessageBubble } from '@/features/social-chat/components/message-bubble';
import type { RoomMessage } from '@/features/social-chat/lib/message-order';
import { bubbleHandlers } from './bubble-handlers';

const message = (over: Partial<RoomMessage> = {}): RoomMessage => ({
  key: 'alice:c1',
  id: 'm1',
  status: 'sent',
  error: null,
  seq: 1,
  clientId: 'c1',
  sender: 'alice',
  senderUsername: 'alice',
  content: '<script>alert(1)</script> hi',
  contentType: 'text',
  attachment: null,
  timestamp: Date.UTC(2026, 0, 1, 12),
  edited: false,
  deleted: false,
  isRead: false,
  ...over,
});

function setup(props: { message: RoomMessage; own: boolean }) {
  const handlers = bubbleHandlers();
  render(<MessageBubble highlighted={false} changeable {...props} {...handlers} />);
  return { ...handlers, user: userEvent.setup() };
}

describe('a message in the chat room', () => {
  it('shows text as text, never as markup', () => {
    setup({ message: message(), own: false });
    const article = screen.getByRole('article', { name: 'alice' });
    expect(article).toHaveTextContent('<script>alert(1)</script> hi');
    expect(article.querySelector('script')).toBeNull();
  });

  it('only a failed message of one’s own offers a retry, which keeps its client id', async () => {
    const failed = setup({
      message: message({ status: 'error', error: '发送消息失败: blocked', id: 'temp-c1' }),
      own: true,
    });
    const article = screen.getByRole('article', { name: 'You' });
    expect(within(article).getByText('Not sent')).toBeInTheDocument();
    expect(within(article).getByText('发送消息失败: blocked')).toBeInTheDocument();
    await failed.user.click(within(article).getByRole('button', { name: 'Retry' }));
    expect(failed.onRetry).toHaveBeenCalledWith('c1');
  });

  it.each([
    ['sending', 'Sending'],
    ['sent', 'Sent'],
  ] as const)('a %s message shows its state and no retry', (status, label) => {
    setup({ message: message({ status }), own: true });
    expect(screen.getByRole('status')).toHaveTextContent(label);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('deleted and edited messages say so; only one’s own sent messages have actions', () => {
    setup({ message: message({ deleted: true, content: '' }), own: true });
    expect(screen.getByText('This message was deleted')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Message actions' })).toBeNull();
  });

  it('edits one’s own message in place', async () => {
    const { user, onEdit } = setup({ message: message({ content: 'first' }), own: true });
    await user.click(screen.getByRole('button', { name: 'Message actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Edit' }));
    const editor = screen.getByRole('textbox', { name: 'Edit message' });
    await user.clear(editor);
    await user.type(editor, 'second{Enter}');
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 'm1' }), 'second');
  });

  it('opens its actions from the keyboard, and gives the focus back to the button', async () => {
    const { user } = setup({ message: message({ content: 'first' }), own: true });
    const button = screen.getByRole('button', { name: 'Message actions' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    // The menu is mounted only when asked for (docs/product.md#chat-room).
    expect(screen.queryByRole('menu')).toBeNull();
    button.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Delete' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).toBeNull();
    expect(screen.getByRole('button', { name: 'Message actions' })).toHaveFocus();
    // Asked again, by pointer, it opens and closes as before.
    await user.click(screen.getByRole('button', { name: 'Message actions' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    expect(await screen.findByRole('alertdialog')).toBeInTheDocument();
  });

  it('another person’s message has no actions', () => {
    setup({ message: message({ sender: 'bob', senderUsername: 'bob' }), own: false });
    expect(screen.queryByRole('button', { name: 'Message actions' })).toBeNull();
  });
});
