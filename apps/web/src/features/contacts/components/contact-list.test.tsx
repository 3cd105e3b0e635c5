import type { Contact } from '@confab/protocol/contacts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { inChinese, renderPage, stubServer } from '../../../../test/render';
import { ContactList } from './contact-list';

const me = { id: 'me', username: 'me_myself' };
let n = 0;
function contact(
  status: Contact['status'],
  direction: Contact['direction'],
  other: string,
  extra: Partial<Contact> = {},
): Contact {
  n += 1;
  const outgoing = direction === 'outgoing';
  return {
    id: `00000000-0000-4000-8000-00000000000${n}`,
    status,
    direction,
    senderId: outgoing ? me.id : `${other}-id`,
    senderUsername: outgoing ? me.username : other,
    receiverId: outgoing ? `${other}-id` : me.id,
    receiverUsername: outgoing ? other : me.username,
    otherUserId: `${other}-id`,
    otherUsername: other,
    blockedBy: null,
    chatId: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

const listReply = (contacts: Contact[]) => ({
  status: 200,
  body: { statusCode: 200, data: { formattedContacts: contacts } },
});

const section = (name: string) => screen.getByRole('region', { name });
const row = (sectionName: string, name: string) =>
  within(section(sectionName)).getByRole('listitem', { name });

describe('ListContact', () => {
  beforeAll(() => inChinese(['contacts']));

  it('shows a spinner, then the four sections with their buttons and badges', async () => {
    const incoming = contact('pending', 'incoming', 'ann');
    const friend = contact('accepted', 'outgoing', 'ben', { chatId: 'chat-1' });
    const blocked = contact('blocked', 'incoming', 'bob', { blockedBy: me.id });
    const outgoing = contact('pending', 'outgoing', 'cat');
    const rejectedByThem = contact('rejected', 'outgoing', 'dan');
    const rejectedByMe = contact('rejected', 'incoming', 'eve');
    vi.stubGlobal(
      'fetch',
      stubServer(() =>
        listReply([incoming, friend, blocked, outgoing, rejectedByThem, rejectedByMe]),
      ).fetch,
    );
    renderPage(<ContactList />);
    expect(screen.getByRole('status')).toHaveTextContent('正在加载联系人…');

    const ann = await waitFor(() => row('新的好友请求', 'ann'));
    expect(within(ann).getByRole('button', { name: '接受' })).toBeInTheDocument();
    expect(within(ann).getByRole('button', { name: '拒绝' })).toBeInTheDocument();
    expect(
      within(row('我的联系人', 'ben')).getByRole('button', { name: '已是好友' }),
    ).toBeVisible();
    expect(row('我的联系人', 'bob')).toHaveTextContent('已屏蔽');
    expect(within(row('我的联系人', 'bob')).queryByRole('button', { name: '已是好友' })).toBeNull();
    expect(row('已发送的请求', 'cat')).toHaveTextContent('等待对方接受');
    expect(row('已拒绝的请求', 'dan')).toHaveTextContent('对方已拒绝');
    expect(row('已拒绝的请求', 'eve')).toHaveTextContent('已拒绝');
    expect(row('已拒绝的请求', 'eve')).not.toHaveTextContent('对方已拒绝');
    expect(screen.getByRole('button', { name: '刷新列表' })).toBeEnabled();
  });

  it('shows the empty state, and reloads on 刷新列表', async () => {
    const user = userEvent.setup();
    let contacts: Contact[] = [];
    const server = stubServer(() => listReply(contacts));
    vi.stubGlobal('fetch', server.fetch);
    renderPage(<ContactList />);
    expect(await screen.findByText('暂无联系人')).toBeInTheDocument();
    expect(screen.getByText('您还没有添加任何联系人')).toBeInTheDocument();

    contacts = [contact('pending', 'incoming', 'fay')];
    await user.click(screen.getByRole('button', { name: '刷新列表' }));
    expect(await screen.findByRole('listitem', { name: 'fay' })).toBeInTheDocument();
    expect(server.requests.filter((r) => r.path.endsWith('/contacts/list'))).toHaveLength(2);
  });

  it('shows the error alert when the list cannot be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      stubServer(() => ({
        status: 401,
        body: { statusCode: 401, code: 'UNAUTHENTICATED', message: '获取联系人列表失败：Sign in' },
      })).fetch,
    );
    renderPage(<ContactList />);
    expect(await screen.findByText('获取联系人列表失败，请稍后重试')).toBeInTheDocument();
  });

  it('accepts a request and shows the list as the server now has it', async () => {
    const user = userEvent.setup();
    const incoming = contact('pending', 'incoming', 'gus');
    let contacts = [incoming];
    const server = stubServer(({ path }) => {
      if (path.endsWith('/contacts/accept')) {
        contacts = [{ ...incoming, status: 'accepted', chatId: 'chat-9' }];
        return { status: 200, body: { statusCode: 200, data: { contact: contacts[0] } } };
      }
      return listReply(contacts);
    });
    vi.stubGlobal('fetch', server.fetch);
    renderPage(<ContactList />);
    await user.click(
      await within(await waitFor(() => row('新的好友请求', 'gus'))).findByRole('button', {
        name: '接受',
      }),
    );
    expect(await screen.findByRole('button', { name: '已是好友' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '新的好友请求' })).toBeNull();
    expect(server.requests).toContainEqual({
      method: 'POST',
      path: '/api/chat-social-msg/contacts/accept',
      body: { contact: incoming.id },
    });
  });

  it('opens the friend’s chat in /socialChatRoom from 已是好友', async () => {
    const user = userEvent.setup();
    const friend = contact('accepted', 'incoming', 'hal', { chatId: 'chat-7' });
    const server = stubServer(({ path }) =>
      path.endsWith('/contacts/chat')
        ? { status: 200, body: { statusCode: 200, data: { chatId: 'chat-7' } } }
        : listReply([friend]),
    );
    vi.stubGlobal('fetch', server.fetch);
    const { router } = renderPage(<ContactList />, '/contacts', ['/socialChatRoom']);
    await user.click(await screen.findByRole('button', { name: '已是好友' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/socialChatRoom'));
    expect(router.state.location.search).toBe('?chat=chat-7');
  });

  it('removes a contact only after confirming in its menu', async () => {
    const user = userEvent.setup();
    const friend = contact('accepted', 'incoming', 'ida');
    const server = stubServer(({ path }) =>
      path.endsWith('/contacts/remove')
        ? { status: 200, body: { statusCode: 200, data: { contactId: friend.id } } }
        : listReply([friend]),
    );
    vi.stubGlobal('fetch', server.fetch);
    renderPage(<ContactList />);
    const openMenu = async () =>
      user.click(await screen.findByRole('button', { name: 'ida 的更多操作' }));
    const removes = () => server.requests.filter((r) => r.path.endsWith('/contacts/remove'));

    await openMenu();
    await user.click(await screen.findByRole('menuitem', { name: '删除联系人' }));
    const dialog = await screen.findByRole('alertdialog', { name: '删除 ida？' });
    await user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(removes()).toHaveLength(0);

    await openMenu();
    await user.click(await screen.findByRole('menuitem', { name: '删除联系人' }));
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: '删除' }),
    );
    await waitFor(() =>
      expect(removes()).toEqual([expect.objectContaining({ body: { contact: friend.id } })]),
    );
  });
});
