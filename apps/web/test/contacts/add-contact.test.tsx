import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alice, fakeServer, json, noContacts } from '../helpers/fake-server';
import { backToEnglish, contactWith, envelope, inChinese } from '../helpers/contacts';
import { renderApp } from '../helpers/render-app';

vi.mock('socket.io-client', () => import('../helpers/fake-socket'));

const addRoute = 'POST /api/chat-social-msg/contacts/add';

async function openAddContact(answer: () => Response | Promise<Response>) {
  const server = fakeServer({ session: alice, routes: { ...noContacts, [addRoute]: answer } });
  const app = await renderApp('/contacts');
  await app.user.click(await screen.findByRole('tab', { name: '添加联系人' }));
  return {
    ...app,
    server,
    field: screen.getByLabelText('好友名称'),
    submit: screen.getByRole('button', { name: '添加联系人' }),
  };
}

describe('/contacts, AddContact', () => {
  beforeEach(inChinese);
  afterEach(backToEnglish);

  it('keeps the button disabled while the trimmed name is empty, and says why', async () => {
    const { field, submit, server, user } = await openAddContact(() => json({}, 500));
    expect(field).toHaveAttribute('placeholder', 'friend@example.com');
    expect(submit).toBeDisabled();
    expect(screen.queryByText('请输入有效的用户名或邮箱')).not.toBeInTheDocument();
    await user.type(field, '   ');
    expect(submit).toBeDisabled();
    expect(screen.getByText('请输入有效的用户名或邮箱')).toBeInTheDocument();
    await user.type(field, '{Enter}');
    expect(server.calls(addRoute)).toHaveLength(0);
  });

  it('sends the trimmed name, clears the field and shows success', async () => {
    const { field, submit, server, user } = await openAddContact(() =>
      envelope({ contact: contactWith('bob', 'pending', 'outgoing') }),
    );
    await user.type(field, '  Bob@Example.com ');
    await user.click(submit);
    expect(await screen.findByText('添加成功')).toBeInTheDocument();
    expect(screen.getByText('联系人添加请求已发送！')).toBeInTheDocument();
    expect(field).toHaveValue('');
    expect(server.calls(addRoute)[0]?.body).toEqual({ receiverName: 'Bob@Example.com' });
  });

  it('says why the server refused, keeping the name', async () => {
    const refusals: [number, string, string, string][] = [
      [400, 'VALIDATION_ERROR', 'CONTACT_SELF', '不能添加自己为好友。'],
      [404, 'NOT_FOUND', 'CONTACT_UNKNOWN', '找不到使用此用户名或邮箱的用户。'],
      [409, 'CONFLICT', 'CONTACT_ALREADY_SENT', '您已向对方发送过好友请求，正在等待对方回应。'],
      [409, 'CONFLICT', 'CONTACT_ALREADY_FRIENDS', '你们已经是好友了。'],
    ];
    let next = 0;
    const { field, submit, user } = await openAddContact(() => {
      const [status, code, reason] = refusals[next++]!;
      return json(
        { statusCode: status, code, reason, message: '发送好友请求失败：SERVER_TEXT' },
        status,
      );
    });
    await user.type(field, 'nobody');
    for (const [, , , text] of refusals) {
      await user.click(submit);
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(screen.getByText('添加失败')).toBeInTheDocument();
      expect(field).toHaveValue('nobody');
    }
    expect(screen.queryByText(/SERVER_TEXT/)).not.toBeInTheDocument();
  });

  it('says so when adding someone accepted their pending request', async () => {
    const { field, submit, user } = await openAddContact(() =>
      envelope({ contact: contactWith('bob', 'accepted', 'incoming') }),
    );
    await user.type(field, 'bob');
    await user.click(submit);
    expect(await screen.findByText('已接受对方的好友请求，你们现在是好友了！')).toBeInTheDocument();
  });

  it('shows a stale banner no longer once a later attempt ends the other way', async () => {
    let fail = false;
    const { field, submit, user } = await openAddContact(() =>
      fail
        ? json({ statusCode: 404, code: 'NOT_FOUND', reason: 'CONTACT_UNKNOWN', message: 'x' }, 404)
        : envelope({ contact: contactWith('bob', 'pending', 'outgoing') }),
    );
    await user.type(field, 'bob');
    await user.click(submit);
    expect(await screen.findByText('添加成功')).toBeInTheDocument();
    fail = true;
    await user.type(field, 'nobody');
    expect(screen.queryByText('添加成功')).not.toBeInTheDocument();
    await user.click(submit);
    expect(await screen.findByText('添加失败')).toBeInTheDocument();
    expect(screen.queryByText('添加成功')).not.toBeInTheDocument();
    fail = false;
    await user.clear(field);
    await user.type(field, 'bob');
    await user.click(submit);
    expect(await screen.findByText('添加成功')).toBeInTheDocument();
    expect(screen.queryByText('添加失败')).not.toBeInTheDocument();
  });

  it('says in Chinese that the server gave no usable answer', async () => {
    const { field, submit, user } = await openAddContact(() => json({ unexpected: true }));
    await user.type(field, 'bob');
    await user.click(submit);
    expect(await screen.findByText('添加失败')).toBeInTheDocument();
    expect(
      screen.getByText('无法连接服务器或服务器的回复无法识别，请稍后重试。'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Unexpected reply from the server')).not.toBeInTheDocument();
  });

  it('disables the button while the request is on its way', async () => {
    let answer: (response: Response) => void = () => {};
    const { field, submit, user } = await openAddContact(
      () => new Promise<Response>((resolve) => (answer = resolve)),
    );
    await user.type(field, 'bob');
    await user.click(submit);
    expect(submit).toBeDisabled();
    answer(envelope({ contact: contactWith('bob', 'pending', 'outgoing') }));
    await waitFor(() => expect(screen.getByText('添加成功')).toBeInTheDocument());
  });
});

describe('/contacts, the drawer', () => {
  beforeEach(inChinese);
  afterEach(backToEnglish);

  it('toggles on o, not while typing, and opens from the user-plus button', async () => {
    fakeServer({ session: alice, routes: noContacts });
    const { user } = await renderApp('/contacts');
    await screen.findByText('暂无联系人');
    const drawer = () => screen.queryByRole('dialog', { name: '联系人' });

    await user.keyboard('o');
    expect(await screen.findByRole('dialog', { name: '联系人' })).toBeInTheDocument();
    expect(screen.getByText('按 O 键打开或关闭此面板。')).toBeInTheDocument();
    await user.keyboard('o');
    await waitFor(() => expect(drawer()).toBeNull());

    await user.click(screen.getByRole('tab', { name: '添加联系人' }));
    await user.type(screen.getByLabelText('好友名称'), 'bob o');
    expect(drawer()).toBeNull();

    await user.click(screen.getByRole('button', { name: '打开联系人面板' }));
    expect(await screen.findByRole('dialog', { name: '联系人' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(drawer()).toBeNull());
  });
});
