// The outbox behind the room keeps its entries in IndexedDB, which jsdom lacks.
import 'fake-indexeddb/auto';
import type { SocialChat } from '@confab/protocol/social-chat';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatWith, me, messageIn } from './fixtures';
import { backToEnglish, envelope, inChinese } from '../helpers/contacts';
import { alice, fakeServer } from '../helpers/fake-server';
import { fakeSocket } from '../helpers/fake-socket';
import { renderApp } from '../helpers/render-app';
import { connectRoomSocket, disconnectRoomSocket } from './room-socket';
import { stubRoomLayout } from '../helpers/room-layout';

vi.mock('socket.io-client', () => import('../helpers/fake-socket'));

const chatId = 'chat-bob';
const base = '/api/chat-social-msg';
const readRoute = `POST ${base}/${chatId}/messages/read`;
const unblockRoute = `POST ${base}/chats/${chatId}/block`;
const readOnlyText = '无法在此聊天中发送消息。';

/** alice's room with bob, the server holding `chat` (a test may change it) and three messages. */
async function openRoom(chat: SocialChat, routes = {}) {
  const state = { chat };
  // The second is alice's own, which she could edit or delete while the chat is writable.
  const history = [1, 2, 3].map((seq) =>
    messageIn(chatId, seq, { isRead: true, ...(seq === 2 ? { sender: me.id } : {}) }),
  );
  const server = fakeServer({
    session: alice,
    routes: {
      [`GET ${base}/chats`]: () => envelope({ chats: [state.chat] }),
      [`GET ${base}/${chatId}/messages`]: () => envelope({ messages: history, hasMore: false }),
      [`GET ${base}/presence/bob-id`]: () =>
        envelope({ userId: 'bob-id', isOnline: false, lastSeen: null, version: 1 }),
      [readRoute]: () => envelope({ chatId, unread: 0, lastReadSeq: 9 }),
      ...routes,
    },
  });
  const app = await renderApp(`/socialChatRoom?chat=${chatId}`);
  await screen.findByText('message 3');
  return { ...app, server, state };
}

/** The server's `chatUpdated` for this chat, as alice now sees it. */
const chatUpdated = (change: Partial<SocialChat>) =>
  act(() => fakeSocket.receive('chatUpdated', { chat: chatWith('bob', change) }));

const composer = () => screen.queryByRole('textbox', { name: '消息' });
const typingSent = () => fakeSocket.emitted.filter(([event]) => event === 'typing');

describe('a chat nothing new can be written into', () => {
  beforeEach(async () => {
    stubRoomLayout();
    await inChinese();
    connectRoomSocket();
  });
  afterEach(async () => {
    disconnectRoomSocket();
    await backToEnglish();
  });

  it('turns the composer into one neutral line at once, keeping the history', async () => {
    const { user } = await openRoom(chatWith('bob'));
    expect(composer()).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: '消息操作' }).length).toBeGreaterThan(0);
    await user.type(composer()!, 'hel');
    expect(typingSent()).toHaveLength(1);

    // The other side blocked alice (or removed her): the chat says only that it is read-only.
    chatUpdated({ readOnly: true });
    await waitFor(() => expect(composer()).toBeNull());
    expect(screen.getByText(readOnlyText)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '发送文件或图片' })).toBeNull();
    expect(screen.queryByRole('button', { name: '发送' })).toBeNull();
    // Nothing tells alice more than the block dialog promises bob.
    expect(screen.queryByText(/屏蔽/)).toBeNull();
    // The history is still there, and her own messages offer no edit or deletion.
    const list = screen.getByRole('log', { name: '聊天消息' });
    expect(within(list).getByText('message 1')).toBeInTheDocument();
    // Her own message's menu offers only the private helper (docs/product.md#message-helper).
    const own = within(list).getByText('message 2').closest('article')!;
    await user.click(within(own).getByRole('button', { name: '消息操作' }));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['翻译成中文']);
    await user.keyboard('{Escape}');
    // Leaving the field unsaid: no typing notice goes into the read-only chat.
    expect(typingSent()).toHaveLength(1);

    // Writable again (the other side unblocked): the composer comes back.
    chatUpdated({ readOnly: false });
    expect(await screen.findByRole('textbox', { name: '消息' })).toBeInTheDocument();
    expect(screen.queryByText(readOnlyText)).toBeNull();
  });

  it('sends no read marks for messages that arrive while read-only', async () => {
    const { server } = await openRoom(chatWith('bob', { readOnly: true }));
    expect(screen.getByText(readOnlyText)).toBeInTheDocument();
    act(() =>
      fakeSocket.receive('new_message', { chatId, unread: 1, message: messageIn(chatId, 4) }),
    );
    expect(await screen.findByText('message 4')).toBeInTheDocument();
    expect(server.calls(readRoute)).toHaveLength(0);

    // Once writable, the room marks what it holds read as usual.
    chatUpdated({ readOnly: false });
    await waitFor(() => expect(server.calls(readRoute)).toHaveLength(1));
  });

  it('shows the viewer their own block with an unblock that asks first', async () => {
    const blocked = chatWith('bob', { isBlocked: true, readOnly: true });
    const app = await openRoom(blocked, {
      [unblockRoute]: () => {
        app.state.chat = chatWith('bob');
        return envelope({ chat: app.state.chat });
      },
    });
    const banner = screen.getByRole('status', { name: '你已屏蔽 bob。' });
    expect(composer()).toBeNull();
    expect(screen.getByText(readOnlyText)).toBeInTheDocument();

    await app.user.click(within(banner).getByRole('button', { name: '取消屏蔽' }));
    const dialog = await screen.findByRole('alertdialog');
    // The contacts panel's dialog, word for word.
    expect(dialog).toHaveAccessibleName('取消屏蔽 bob？');
    expect(dialog).toHaveAccessibleDescription('你和 bob 将恢复到屏蔽之前的状态。');
    await app.user.click(within(dialog).getByRole('button', { name: '取消' }));
    expect(app.server.calls(unblockRoute)).toHaveLength(0);

    await app.user.click(within(banner).getByRole('button', { name: '取消屏蔽' }));
    await app.user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: '取消屏蔽' }),
    );
    expect(await screen.findByRole('textbox', { name: '消息' })).toBeInTheDocument();
    expect(app.server.calls(unblockRoute)[0]?.body).toEqual({ value: false });
    expect(screen.queryByRole('status', { name: '你已屏蔽 bob。' })).toBeNull();
  });

  it('stays read-only after an unblock when the server says so (a removed pair)', async () => {
    const app = await openRoom(chatWith('bob', { isBlocked: true, readOnly: true }), {
      [unblockRoute]: () => envelope({ chat: chatWith('bob', { readOnly: true }) }),
    });
    await app.user.click(screen.getByRole('button', { name: '取消屏蔽' }));
    await app.user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: '取消屏蔽' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('status', { name: '你已屏蔽 bob。' })).toBeNull(),
    );
    expect(composer()).toBeNull();
    expect(screen.getByText(readOnlyText)).toBeInTheDocument();
  });

  it('says so when the unblock fails, and stays as it was', async () => {
    const app = await openRoom(chatWith('bob', { isBlocked: true, readOnly: true }), {
      [unblockRoute]: () =>
        new Response(
          JSON.stringify({ statusCode: 404, code: 'NOT_FOUND', message: '更新聊天设置失败：no' }),
          { status: 404, headers: { 'Content-Type': 'application/json' } },
        ),
    });
    await app.user.click(screen.getByRole('button', { name: '取消屏蔽' }));
    await app.user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: '取消屏蔽' }),
    );
    expect(await screen.findByText('取消屏蔽失败')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: '你已屏蔽 bob。' })).toBeInTheDocument();
    expect(composer()).toBeNull();
  });

  it('shows a name with invisible characters in the banner and its dialog as what it is', async () => {
    const app = await openRoom(
      chatWith('bob', { isBlocked: true, readOnly: true, nickname: 'bob\u202Egnp.exe' }),
    );
    const banner = screen.getByRole('status', { name: '你已屏蔽 bob<U+202E>gnp.exe。' });
    await app.user.click(within(banner).getByRole('button', { name: '取消屏蔽' }));
    expect(await screen.findByRole('alertdialog')).toHaveAccessibleName(
      '取消屏蔽 bob<U+202E>gnp.exe？',
    );
  });
});
