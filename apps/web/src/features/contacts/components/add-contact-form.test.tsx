import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { inChinese, renderPage, stubServer } from '../../../../test/render';
import { AddContactForm } from './add-contact-form';

const contact = {
  id: 'c1',
  status: 'pending',
  senderId: 'a',
  senderUsername: 'alice',
  receiverId: 'b',
  receiverUsername: 'bob',
  direction: 'outgoing',
  otherUserId: 'b',
  otherUsername: 'bob',
  blockedBy: null,
  chatId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('AddContact', () => {
  beforeAll(() => inChinese(['contacts']));

  function setup(reply: { status: number; body?: unknown }) {
    const server = stubServer(() => reply);
    vi.stubGlobal('fetch', server.fetch);
    renderPage(<AddContactForm />);
    return {
      server,
      field: screen.getByLabelText('好友名称'),
      submit: screen.getByRole('button', { name: '添加联系人' }),
    };
  }

  it('keeps the button disabled while the trimmed name is empty, and says why', async () => {
    const user = userEvent.setup();
    const { field, submit, server } = setup({ status: 500 });
    expect(field).toHaveAttribute('placeholder', 'friend@example.com');
    expect(submit).toBeDisabled();
    expect(screen.queryByText('请输入有效的用户名或邮箱')).not.toBeInTheDocument();
    await user.type(field, '   ');
    expect(submit).toBeDisabled();
    expect(screen.getByText('请输入有效的用户名或邮箱')).toBeInTheDocument();
    await user.type(field, '{Enter}');
    expect(server.requests).toHaveLength(0);
  });

  it('sends the trimmed name, clears the field and shows success', async () => {
    const user = userEvent.setup();
    const { field, submit, server } = setup({
      status: 200,
      body: { statusCode: 200, data: { contact }, message: '联系人添加请求已发送！' },
    });
    await user.type(field, '  Bob@Example.com ');
    await user.click(submit);
    expect(await screen.findByText('添加成功')).toBeInTheDocument();
    expect(screen.getByText('联系人添加请求已发送！')).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(server.requests[0]).toEqual({
      method: 'POST',
      path: '/api/chat-social-msg/contacts/add',
      body: { receiverName: 'Bob@Example.com' },
    });
  });

  it('shows the failure alert when the server refuses', async () => {
    const user = userEvent.setup();
    const { field, submit } = setup({
      status: 404,
      body: { statusCode: 404, code: 'NOT_FOUND', message: '发送好友请求失败：No user' },
    });
    await user.type(field, 'nobody');
    await user.click(submit);
    expect(await screen.findByText('添加失败')).toBeInTheDocument();
    expect(
      screen.getByText('添加联系人失败，请检查用户名是否正确或稍后重试。'),
    ).toBeInTheDocument();
    expect(field).toHaveValue('nobody');
  });

  it('shows the message of an exception', async () => {
    const user = userEvent.setup();
    const { field, submit } = setup({ status: 200, body: { unexpected: true } });
    await user.type(field, 'bob');
    await user.click(submit);
    expect(await screen.findByText('添加失败')).toBeInTheDocument();
    expect(screen.getByText('Unexpected reply from the server')).toBeInTheDocument();
  });

  it('disables the button while the request is on its way', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    vi.stubGlobal('fetch', () => new Promise<Response>((resolve) => (answer = resolve)));
    renderPage(<AddContactForm />);
    const submit = screen.getByRole('button', { name: '添加联系人' });
    await user.type(screen.getByLabelText('好友名称'), 'bob');
    await user.click(submit);
    expect(submit).toBeDisabled();
    answer(new Response(JSON.stringify({ statusCode: 200, data: { contact } }), { status: 200 }));
    await waitFor(() => expect(screen.getByText('添加成功')).toBeInTheDocument());
  });
});
