import type { Contact } from '@confab/protocol/contacts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { alice, fakeServer, json } from '../helpers/fake-server';
import { backToEnglish, contactWith, envelope, inChinese } from '../helpers/contacts';
import { fakeSocket } from '../helpers/fake-socket';
import { renderApp } from '../helpers/render-app';

vi.mock('socket.io-client', () => import('../helpers/fake-socket'));

const listRoute = 'GET /api/chat-social-msg/contacts/list';
const section = (name: string) => screen.getByRole('region', { name });
const row = (sectionName: string, name: string) =>
  within(section(sectionName)).getByRole('listitem', { name });

/** alice's /contacts, with the server holding `contacts` (a test may change them). */
async function openContacts(contacts: Contact[], routes = {}) {
  const state = { contacts };
  const server = fakeServer({
    session: alice,
    routes: { [listRoute]: () => envelope({ formattedContacts: state.contacts }), ...routes },
  });
  const app = await renderApp('/contacts');
  await screen.findByRole('heading', { name: '联系人' });
  return { ...app, server, state };
}

describe('/contacts, ListContact', () => {
  beforeEach(inChinese);
  afterEach(backToEnglish);

  it('shows the four sections with their buttons and badges', async () => {
    await openContacts([
      contactWith('ann', 'pending', 'incoming'),
      contactWith('ben', 'accepted', 'outgoing', { chatId: 'chat-1' }),
      contactWith('bob', 'blocked', 'incoming'),
      contactWith('cat', 'pending', 'outgoing'),
      contactWith('dan', 'rejected', 'outgoing'),
      contactWith('eve', 'rejected', 'incoming'),
    ]);
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
    // The avatar's initial, the name, the state: not 对方已拒绝.
    expect(row('已拒绝的请求', 'eve')).toHaveTextContent(/^Eeve已拒绝$/);
    expect(screen.getByRole('button', { name: '刷新列表' })).toBeEnabled();
  });

  it('shows a spinner while loading, then the empty state; 刷新列表 reloads', async () => {
    let answer: () => void = () => {};
    const { user, state, server } = await openContacts([], {
      [listRoute]: () =>
        new Promise<Response>((resolve) => {
          answer = () => resolve(envelope({ formattedContacts: state.contacts }));
        }),
    });
    expect(screen.getByRole('status')).toHaveTextContent('正在加载联系人…');
    act(() => answer());
    expect(await screen.findByText('暂无联系人')).toBeInTheDocument();
    expect(screen.getByText('您还没有添加任何联系人')).toBeInTheDocument();

    state.contacts = [contactWith('fay', 'pending', 'incoming')];
    await user.click(screen.getByRole('button', { name: '刷新列表' }));
    act(() => answer());
    expect(await screen.findByRole('listitem', { name: 'fay' })).toBeInTheDocument();
    // The page's reads, not the notifications' (only the requests waiting for an answer).
    const pageReads = server.calls(listRoute).filter((call) => !call.query.has('waiting'));
    expect(pageReads).toHaveLength(2);
  });

  it('shows the error alert when the list cannot be loaded', async () => {
    await openContacts([], {
      [listRoute]: () =>
        json({ statusCode: 403, code: 'FORBIDDEN', message: '获取联系人列表失败：no' }, 403),
    });
    expect(await screen.findByText('获取联系人列表失败，请稍后重试')).toBeInTheDocument();
  });

  it('accepts a request and shows the list as the server now has it', async () => {
    const incoming = contactWith('gus', 'pending', 'incoming');
    const app = await openContacts([incoming], {
      'POST /api/chat-social-msg/contacts/accept': () => {
        app.state.contacts = [{ ...incoming, status: 'accepted', chatId: 'chat-9' }];
        return envelope({ contact: app.state.contacts[0] });
      },
    });
    const gus = await waitFor(() => row('新的好友请求', 'gus'));
    await app.user.click(within(gus).getByRole('button', { name: '接受' }));
    expect(await screen.findByRole('button', { name: '已是好友' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '新的好友请求' })).toBeNull();
    expect(app.server.calls('POST /api/chat-social-msg/contacts/accept')[0]?.body).toEqual({
      contact: incoming.id,
    });
  });

  it('tells the user when an answer fails, and keeps the request', async () => {
    const incoming = contactWith('hank', 'pending', 'incoming');
    const { user } = await openContacts([incoming], {
      'POST /api/chat-social-msg/contacts/reject': () =>
        json(
          {
            statusCode: 409,
            code: 'CONFLICT',
            message: '拒绝好友请求失败：This friend request is no longer pending: it is accepted',
          },
          409,
        ),
    });
    const hank = await waitFor(() => row('新的好友请求', 'hank'));
    await user.click(within(hank).getByRole('button', { name: '拒绝' }));
    expect(await screen.findByText('拒绝好友请求失败')).toBeInTheDocument();
    expect(row('新的好友请求', 'hank')).toBeInTheDocument();
  });

  it('opens the friend’s chat in /socialChatRoom?chat= from 已是好友', async () => {
    const friend = contactWith('hal', 'accepted', 'incoming', { chatId: 'chat-7' });
    const { user, location } = await openContacts([friend], {
      'POST /api/chat-social-msg/contacts/chat': () => envelope({ chatId: 'chat-7' }),
    });
    await user.click(await screen.findByRole('button', { name: '已是好友' }));
    await waitFor(() => expect(location()).toBe('/socialChatRoom?chat=chat-7'));
  });

  it('removes, blocks and unblocks only after confirming in the contact’s menu', async () => {
    const friend = contactWith('ida', 'accepted', 'incoming');
    const app = await openContacts([friend], {
      'POST /api/chat-social-msg/contacts/remove': () => envelope({ contactId: friend.id }),
      'POST /api/chat-social-msg/contacts/block': () => {
        app.state.contacts = [{ ...friend, status: 'blocked', blockedBy: 'u-1' }];
        return envelope({ contact: app.state.contacts[0] });
      },
      'POST /api/chat-social-msg/contacts/unblock': () => envelope({ contact: friend }),
    });
    const choose = async (item: string) => {
      await app.user.click(await screen.findByRole('button', { name: 'ida 的更多操作' }));
      await app.user.click(await screen.findByRole('menuitem', { name: item }));
      return screen.findByRole('alertdialog');
    };

    const removeDialog = await choose('删除联系人');
    expect(removeDialog).toHaveAccessibleName('删除 ida？');
    await app.user.click(within(removeDialog).getByRole('button', { name: '取消' }));
    expect(app.server.calls('POST /api/chat-social-msg/contacts/remove')).toHaveLength(0);

    const blockDialog = await choose('屏蔽');
    await app.user.click(within(blockDialog).getByRole('button', { name: '屏蔽' }));
    expect(await screen.findByText('已屏蔽')).toBeInTheDocument();
    expect(app.server.calls('POST /api/chat-social-msg/contacts/block')[0]?.body).toEqual({
      contact: friend.id,
    });

    // A blocked contact offers only to unblock.
    await app.user.click(screen.getByRole('button', { name: 'ida 的更多操作' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['取消屏蔽']);
    await app.user.click(screen.getByRole('menuitem', { name: '取消屏蔽' }));
    const unblockDialog = await screen.findByRole('alertdialog');
    // The pair goes back to what it was before the block, not necessarily to friends.
    expect(unblockDialog).toHaveAccessibleDescription('你和 ida 将恢复到屏蔽之前的状态。');
    await app.user.click(within(unblockDialog).getByRole('button', { name: '取消屏蔽' }));
    await waitFor(() =>
      expect(app.server.calls('POST /api/chat-social-msg/contacts/unblock')).toHaveLength(1),
    );
  });

  it('reloads the list when the server says a request arrived or changed', async () => {
    const { state, server } = await openContacts([]);
    expect(await screen.findByText('暂无联系人')).toBeInTheDocument();
    expect(fakeSocket.connected).toBe(true);

    state.contacts = [contactWith('jo', 'pending', 'incoming')];
    act(() => fakeSocket.receive('newFriendMessage', { contact: state.contacts[0] }));
    expect(await screen.findByRole('listitem', { name: 'jo' })).toBeInTheDocument();

    state.contacts = [{ ...state.contacts[0]!, status: 'accepted' }];
    act(() =>
      fakeSocket.receive('contactUpdated', {
        change: 'accepted',
        contactId: state.contacts[0]!.id,
        contact: state.contacts[0],
      }),
    );
    expect(await screen.findByRole('button', { name: '已是好友' })).toBeInTheDocument();
    expect(server.calls(listRoute).length).toBeGreaterThanOrEqual(3);
  });
});
