import 'fake-indexeddb/auto';
import type { SocialChat } from '@confab/protocol/social-chat';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useActiveChatStore } from '@/features/social-chat/stores/active-chat';
import { appOutbox } from '@/features/social-chat/lib/app-outbox';
import { backToEnglish, envelope, inChinese } from '../helpers/contacts';
import { alice, fakeServer, json, type FakeRequest } from '../helpers/fake-server';
import { fakeSocket } from '../helpers/fake-socket';
import { renderApp } from '../helpers/render-app';
import { chatWith, manyChats, me, messageIn } from './fixtures';

vi.mock('socket.io-client', () => import('../helpers/fake-socket'));

const listRoute = 'GET /api/chat-social-msg/chats';
const list = () => screen.getByRole('list', { name: '会话列表' });
const rows = () => within(list()).queryAllByRole('listitem');
const rowNames = () => rows().map((row) => row.getAttribute('aria-label'));
const row = (name: string) => within(list()).getByRole('listitem', { name });

// jsdom lays nothing out: give the list's scroll box the height of a phone screen.
const viewportHeight = 800;
let heightSpy: PropertyDescriptor | undefined;
beforeAll(() => {
  heightSpy = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get() {
      return viewportHeight;
    },
  });
});
afterAll(() => {
  if (heightSpy) Object.defineProperty(HTMLElement.prototype, 'clientHeight', heightSpy);
});

/** alice's /agents with the server holding `chats` (a test may change them). */
async function openList(chats: SocialChat[], routes = {}) {
  const state = { chats };
  const server = fakeServer({
    session: alice,
    routes: { [listRoute]: () => envelope({ chats: state.chats }), ...routes },
  });
  const app = await renderApp('/agents');
  await screen.findByRole('heading', { name: '聊天' });
  return { ...app, server, state };
}

describe('/agents, the conversation list', () => {
  beforeEach(async () => {
    await inChinese();
    useActiveChatStore.getState().setActiveChat(null);
  });
  afterEach(backToEnglish);

  it('shows each row: initial, name, time, preview, unread badge and online dot', async () => {
    // Today: the list shows the time, on the Chinese 24-hour clock.
    const time = new Date(new Date().setHours(9, 7, 0, 0)).toISOString();
    await openList([
      chatWith('bob', {
        unread: 3,
        isOnline: true,
        lastTime: time,
        lastMessage: messageIn('chat-bob', 5, { content: 'see\nyou', timestamp: time }),
      }),
      chatWith('', { participants: [], lastMessage: null, lastTime: null }),
    ]);
    const bob = await waitFor(() => row('bob'));
    expect(within(bob).getByRole('img', { name: 'bob' })).toHaveTextContent('B');
    expect(within(bob).getByRole('button', { name: 'bob' })).toBeInTheDocument();
    expect(within(bob).getByText('9:07')).toBeInTheDocument();
    expect(within(bob).getByText('see you')).toBeInTheDocument();
    expect(within(bob).getByText('3 条未读消息')).toBeInTheDocument();
    expect(within(bob).getByRole('img', { name: '在线' })).toBeInTheDocument();

    const unknown = row('未知');
    expect(within(unknown).getByRole('img', { name: '未知' })).toHaveTextContent('?');
    // A chat without messages shows no time at all.
    expect(unknown.querySelector('time')).toBeNull();
    expect(within(unknown).getByText('暂无消息')).toBeInTheDocument();
    expect(within(unknown).queryByText(/未读/)).toBeNull();
    expect(within(unknown).queryByRole('img', { name: '在线' })).toBeNull();
  });

  it('renders names and messages as text, never as HTML', async () => {
    const html = '<img src=x onerror="window.__hacked=1"><b>bold</b>';
    await openList([
      chatWith('evil', {
        nickname: html,
        lastMessage: messageIn('chat-evil', 1, { content: '<script>alert(1)</script>' }),
      }),
    ]);
    const evil = await waitFor(() => row(html));
    expect(within(evil).getByRole('button', { name: html })).toHaveTextContent(html);
    expect(within(evil).getByText('<script>alert(1)</script>')).toBeInTheDocument();
    expect(document.querySelector('b, script, img[src="x"]')).toBeNull();
  });

  it('draws only chats that are what the contract says, and refuses a malformed list', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const broken = { ...chatWith('broken'), name: 42, participants: 'nobody' } as unknown;
    const { user } = await openList([chatWith('bob'), broken as SocialChat]);
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(row('bob')).toBeInTheDocument();
    expect(within(list()).getByText('无法显示此聊天。')).toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith('A chat of the list is not readable.', expect.anything());
    // Searching reads the broken chat's fields without failing.
    await user.type(screen.getByRole('searchbox', { name: '搜索聊天' }), 'bo');
    await waitFor(() => expect(rowNames()).toEqual(['bob']));
  });

  it('shows the error state when the reply is not a list of chats', async () => {
    fakeServer({
      session: alice,
      routes: { [listRoute]: () => envelope({ chats: [{ name: 'no id' }] }) },
    });
    await renderApp('/agents');
    expect(await screen.findByText('获取聊天列表失败')).toBeInTheDocument();
    expect(
      screen.getByText('无法连接服务器或服务器的回复无法识别，请稍后重试。'),
    ).toBeInTheDocument();
  });

  it('puts pinned chats first, then the newest; archived chats have their own view', async () => {
    const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`;
    const { user } = await openList([
      chatWith('old', { lastTime: at(1) }),
      chatWith('new', { lastTime: at(9) }),
      chatWith('pinned', { lastTime: at(0), isPinned: true, pinnedOrder: 1 }),
      chatWith('stored', { lastTime: at(8), isArchived: true }),
    ]);
    await waitFor(() => expect(rowNames()).toEqual(['pinned', 'new', 'old']));
    expect(within(row('pinned')).getByRole('img', { name: '已置顶' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: '已归档 (1)' }));
    await waitFor(() => expect(rowNames()).toEqual(['stored']));
    await user.click(screen.getByRole('tab', { name: '聊天' }));
    await waitFor(() => expect(rowNames()).toEqual(['pinned', 'new', 'old']));
  });

  it('searches name, nickname and last message, ignoring case; empty shows all', async () => {
    const { user } = await openList([
      chatWith('Alice'),
      chatWith('bob', { nickname: 'Builder' }),
      chatWith('cat', { lastMessage: messageIn('chat-cat', 2, { content: 'lunch at NOON' }) }),
    ]);
    await waitFor(() => expect(rows()).toHaveLength(3));
    const search = screen.getByRole('searchbox', { name: '搜索聊天' });
    await user.type(search, 'noon');
    await waitFor(() => expect(rowNames()).toEqual(['cat']));
    await user.clear(search);
    await user.type(search, 'BUILD');
    await waitFor(() => expect(rowNames()).toEqual(['Builder']));
    await user.clear(search);
    await user.type(search, 'nobody');
    expect(await screen.findByText('没有匹配的聊天。')).toBeInTheDocument();
    await user.clear(search);
    await waitFor(() => expect(rows()).toHaveLength(3));
  });

  it('pins, archives and mutes from the row menu, showing what the server answered', async () => {
    const bob = chatWith('bob');
    const app = await openList([bob, chatWith('cat')], {
      'POST /api/chat-social-msg/chats/chat-bob/pin': () => {
        app.state.chats = [{ ...bob, isPinned: true, pinnedOrder: 1 }, chatWith('cat')];
        return envelope({ chat: app.state.chats[0] });
      },
      'POST /api/chat-social-msg/chats/chat-bob/archive': () => {
        app.state.chats = [{ ...bob, isArchived: true }, chatWith('cat')];
        return envelope({ chat: app.state.chats[0] });
      },
      'POST /api/chat-social-msg/chats/chat-cat/mute': () =>
        json(
          { statusCode: 404, code: 'NOT_FOUND', message: '更新聊天设置失败：Chat not found' },
          404,
        ),
    });
    const choose = async (name: string, item: string) => {
      await app.user.click(await screen.findByRole('button', { name: `${name} 的更多操作` }));
      await app.user.click(await screen.findByRole('menuitem', { name: item }));
    };

    await choose('bob', '置顶');
    await waitFor(() =>
      expect(within(row('bob')).getByRole('img', { name: '已置顶' })).toBeVisible(),
    );
    expect(app.server.calls('POST /api/chat-social-msg/chats/chat-bob/pin')[0]?.body).toEqual({
      value: true,
    });
    await app.user.click(screen.getByRole('button', { name: 'bob 的更多操作' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      '取消置顶',
      '归档',
      '静音',
      '屏蔽',
    ]);
    await app.user.click(screen.getByRole('menuitem', { name: '归档' }));
    await waitFor(() => expect(rowNames()).toEqual(['cat']));

    await choose('cat', '静音');
    expect(await screen.findByText('更新聊天设置失败')).toBeInTheDocument();
    expect(within(row('cat')).queryByRole('img', { name: '已静音' })).toBeNull();

    await app.user.click(screen.getByRole('tab', { name: '已归档 (1)' }));
    await app.user.click(await screen.findByRole('button', { name: 'bob 的更多操作' }));
    expect(await screen.findByRole('menuitem', { name: '取消归档' })).toBeInTheDocument();
  });

  it('blocks and unblocks from the row menu, after the contacts panel’s confirmation', async () => {
    const bob = chatWith('bob');
    const blockRoute = 'POST /api/chat-social-msg/chats/chat-bob/block';
    const app = await openList([bob], {
      [blockRoute]: ({ body }: FakeRequest) => {
        const value = (body as { value: boolean }).value;
        app.state.chats = [{ ...bob, isBlocked: value, readOnly: value }];
        return envelope({ chat: app.state.chats[0] });
      },
    });
    const choose = async (item: string) => {
      await app.user.click(await screen.findByRole('button', { name: 'bob 的更多操作' }));
      await app.user.click(await screen.findByRole('menuitem', { name: item }));
      return screen.findByRole('alertdialog');
    };
    await app.user.click(await screen.findByRole('button', { name: 'bob 的更多操作' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      '置顶',
      '归档',
      '静音',
      '屏蔽',
    ]);
    await app.user.keyboard('{Escape}');

    // Cancelled: nothing is sent.
    const blockDialog = await choose('屏蔽');
    expect(blockDialog).toHaveAccessibleName('屏蔽 bob？');
    expect(blockDialog).toHaveAccessibleDescription(
      'bob 将无法再向你发送好友请求或消息，也看不到你的在线状态。',
    );
    await app.user.click(within(blockDialog).getByRole('button', { name: '取消' }));
    expect(app.server.calls(blockRoute)).toHaveLength(0);

    await app.user.click(within(await choose('屏蔽')).getByRole('button', { name: '屏蔽' }));
    await waitFor(() => expect(app.server.calls(blockRoute)[0]?.body).toEqual({ value: true }));

    const unblockDialog = await choose('取消屏蔽');
    expect(unblockDialog).toHaveAccessibleName('取消屏蔽 bob？');
    expect(unblockDialog).toHaveAccessibleDescription('你和 bob 将恢复到屏蔽之前的状态。');
    await app.user.click(within(unblockDialog).getByRole('button', { name: '取消屏蔽' }));
    await waitFor(() => expect(app.server.calls(blockRoute)[1]?.body).toEqual({ value: false }));
    await app.user.click(await screen.findByRole('button', { name: 'bob 的更多操作' }));
    expect(await screen.findByRole('menuitem', { name: '屏蔽' })).toBeInTheDocument();
  });

  it('tapping a row makes it the active chat and opens the room, without marking it all read', async () => {
    const { user, server, location } = await openList([chatWith('bob', { unread: 2 })]);
    await user.click(await screen.findByRole('button', { name: 'bob' }));
    await waitFor(() => expect(location()).toBe('/socialChatRoom'));
    expect(useActiveChatStore.getState().activeChatId).toBe('chat-bob');
    // The room marks read what it shows (docs/product.md#chat-toggles), not the whole chat.
    expect(server.calls('POST /api/chat-social-msg/chat-bob/messages/readAll')).toHaveLength(0);
  });

  it('shows a spinner, then an error with a retry that loads the list', async () => {
    let fail = true;
    let answer: () => void = () => {};
    const { user, state } = await openList([chatWith('bob')], {
      [listRoute]: () =>
        new Promise<Response>((resolve) => {
          answer = () =>
            resolve(
              fail
                ? json({ statusCode: 403, code: 'FORBIDDEN', message: '获取聊天列表失败：no' }, 403)
                : envelope({ chats: state.chats }),
            );
        }),
    });
    const section = screen.getByRole('region', { name: '会话列表' });
    expect(within(section).getByRole('status')).toHaveTextContent('正在加载聊天…');
    act(() => answer());
    expect(await screen.findByText('获取聊天列表失败')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: '重试' }));
    act(() => answer());
    expect(await screen.findByRole('listitem', { name: 'bob' })).toBeInTheDocument();
  });

  it('with no chats, points to the contacts', async () => {
    await openList([]);
    expect(await screen.findByText('暂无会话')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '打开联系人' })).toHaveAttribute('href', '/contacts');
  });

  it('keeps only the rows in view in the page, however long the list', async () => {
    await openList(manyChats(5000));
    await waitFor(() => expect(rows().length).toBeGreaterThan(0));
    // 800 px of 80 px rows, and ten either side at most.
    expect(rows().length).toBeLessThanOrEqual(20);
    expect(rows()[0]).toHaveAttribute('aria-setsize', '5000');
    expect(rowNames()[0]).toBe('friend0');
  });

  it('moves a chat up when this tab’s outbox delivers a message to it', async () => {
    await openList([
      chatWith('bob', { lastTime: '2026-03-01T08:00:00.000Z' }),
      chatWith('cat', { lastTime: '2026-03-01T09:00:00.000Z' }),
    ]);
    await waitFor(() => expect(rowNames()).toEqual(['cat', 'bob']));
    // The server answers the send in its acknowledgement and sends this tab no newChatMessage.
    const stored = messageIn('chat-bob', 2, {
      sender: me.id,
      content: 'written while offline',
      timestamp: '2026-03-01T10:00:00.000Z',
    });
    fakeSocket.answer('sendMessage', () => ({ ok: true, data: { message: stored } }));
    try {
      const outbox = appOutbox();
      await outbox.add({
        userId: me.id,
        chatId: 'chat-bob',
        content: 'written while offline',
        contentType: 'text',
      });
      await act(() => outbox.flush(me.id));
      await waitFor(() => expect(rowNames()).toEqual(['bob', 'cat']));
      expect(within(row('bob')).getByText('written while offline')).toBeInTheDocument();
      expect(fakeSocket.emitted.filter(([event]) => event === 'sendMessage')).toHaveLength(1);
    } finally {
      fakeSocket.answer('sendMessage', undefined);
    }
  });

  it('follows the server live: messages, unread counts, presence, read marks and changes', async () => {
    const { server } = await openList([
      chatWith('bob', { lastTime: '2026-03-01T08:00:00.000Z' }),
      chatWith('cat', { lastTime: '2026-03-01T09:00:00.000Z' }),
    ]);
    await waitFor(() => expect(rowNames()).toEqual(['cat', 'bob']));

    const fromBob = messageIn('chat-bob', 2, {
      content: 'hi there',
      timestamp: '2026-03-01T10:00:00.000Z',
    });
    // Another participant's message comes only as new_message, with this user's unread count.
    act(() =>
      fakeSocket.receive('new_message', { chatId: 'chat-bob', unread: 1, message: fromBob }),
    );
    await waitFor(() => expect(rowNames()).toEqual(['bob', 'cat']));
    expect(within(row('bob')).getByText('hi there')).toBeInTheDocument();
    expect(within(row('bob')).getByText('1 条未读消息')).toBeInTheDocument();

    act(() =>
      fakeSocket.receive('presence', {
        userId: 'cat-id',
        isOnline: true,
        lastSeen: null,
        version: 1,
      }),
    );
    await waitFor(() =>
      expect(within(row('cat')).getByRole('img', { name: '在线' })).toBeInTheDocument(),
    );
    act(() =>
      fakeSocket.receive('presence', {
        userId: 'cat-id',
        isOnline: false,
        lastSeen: null,
        version: 2,
      }),
    );
    await waitFor(() => expect(within(row('cat')).queryByRole('img', { name: '在线' })).toBeNull());
    // The first "online" again, late (from another server): older than what the list shows.
    act(() =>
      fakeSocket.receive('presence', {
        userId: 'cat-id',
        isOnline: true,
        lastSeen: null,
        version: 1,
      }),
    );

    const mine = messageIn('chat-cat', 2, {
      sender: me.id,
      content: 'my reply',
      timestamp: '2026-03-01T11:00:00.000Z',
    });
    act(() => fakeSocket.receive('newChatMessage', { message: mine }));
    await waitFor(() =>
      expect(within(row('cat')).getByRole('img', { name: '已发送' })).toBeVisible(),
    );
    // Shown after the late "online", which changed nothing.
    expect(within(row('cat')).queryByRole('img', { name: '在线' })).toBeNull();
    act(() =>
      fakeSocket.receive('messagesRead', { chatId: 'chat-cat', userId: 'cat-id', lastReadSeq: 2 }),
    );
    await waitFor(() =>
      expect(within(row('cat')).getByRole('img', { name: '对方已读' })).toBeVisible(),
    );

    act(() =>
      fakeSocket.receive('chatUpdated', {
        chat: chatWith('bob', {
          lastMessage: fromBob,
          lastTime: fromBob.timestamp,
          nickname: 'Bobby',
        }),
      }),
    );
    expect(await screen.findByRole('listitem', { name: 'Bobby' })).toBeInTheDocument();
    expect(within(row('Bobby')).queryByText(/未读/)).toBeNull();

    // A friend's new chat, or a reconnection, reloads the list from the server.
    const before = server.calls(listRoute).length;
    act(() =>
      fakeSocket.receive('newFriendChat', {
        contactId: 'x',
        chat: {
          id: 'chat-dan',
          type: 'private',
          participants: [],
          createdAt: '2026-03-01T00:00:00.000Z',
        },
      }),
    );
    await waitFor(() => expect(server.calls(listRoute).length).toBe(before + 1));
    act(() => {
      fakeSocket.disconnect();
      fakeSocket.connect();
    });
    await waitFor(() => expect(server.calls(listRoute).length).toBe(before + 2));
    // So does the server's word that events may have been lost (its node regained Redis).
    act(() => fakeSocket.receive('catchUp'));
    await waitFor(() => expect(server.calls(listRoute).length).toBe(before + 3));
  });
});
