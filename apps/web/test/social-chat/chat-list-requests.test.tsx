// The outbox behind the room keeps its entries in IndexedDB, which jsdom lacks.
import 'fake-indexeddb/auto';
import { act, screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatWith, messageIn } from './fixtures';
import { backToEnglish, envelope, inChinese } from '../helpers/contacts';
import { alice, fakeServer } from '../helpers/fake-server';
import { renderApp } from '../helpers/render-app';
import { connectRoomSocket, disconnectRoomSocket } from './room-socket';

vi.mock('socket.io-client', () => import('../helpers/fake-socket'));

const base = '/api/chat-social-msg';
const listRoute = `GET ${base}/chats`;

// jsdom lays nothing out: give the list's scroll box a height, or it draws no rows.
let heightSpy: PropertyDescriptor | undefined;
beforeAll(() => {
  heightSpy = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get: () => 800,
  });
});
afterAll(() => {
  if (heightSpy) Object.defineProperty(HTMLElement.prototype, 'clientHeight', heightSpy);
});

describe('the chat list on the way from the home page into a chat', () => {
  beforeEach(async () => {
    await inChinese();
    connectRoomSocket();
  });
  afterEach(async () => {
    disconnectRoomSocket();
    await backToEnglish();
  });

  it('is fetched once: the list and the room share it, and read again on the next opening', async () => {
    const server = fakeServer({
      session: alice,
      routes: {
        [listRoute]: () => envelope({ chats: [chatWith('bob')] }),
        [`POST ${base}/chat-bob/messages/readAll`]: () =>
          envelope({ chatId: 'chat-bob', unread: 0, lastReadSeq: 1 }),
        [`GET ${base}/chat-bob/messages`]: () =>
          envelope({ messages: [messageIn('chat-bob', 1, { isRead: true })], hasMore: false }),
        [`GET ${base}/presence/bob-id`]: () =>
          envelope({ userId: 'bob-id', isOnline: false, lastSeen: null, version: 1 }),
      },
    });
    const { user, location, router } = await renderApp('/confab');
    await user.click(await screen.findByRole('link', { name: /^聊天/ }));
    await user.click(await screen.findByRole('button', { name: 'bob' }));
    await waitFor(() => expect(location()).toBe('/socialChatRoom'));
    // The room shows it (and the list beside it, on a wide screen, may too as its preview).
    expect((await screen.findAllByText('message 1')).length).toBeGreaterThan(0);
    expect(server.calls(listRoute)).toHaveLength(1);

    // Back to the list: the copy the room kept current is shown as it is.
    await act(() => router.navigate(-1));
    await screen.findByRole('button', { name: 'bob' });
    expect(server.calls(listRoute)).toHaveLength(1);

    // Once no social chat page is open nobody keeps it current: the next opening reads it again.
    await act(() => router.navigate('/confab'));
    await screen.findByRole('link', { name: /^聊天/ });
    await act(() => router.navigate('/agents'));
    await waitFor(() => expect(server.calls(listRoute)).toHaveLength(2));
  });
});
