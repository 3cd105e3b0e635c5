// The outbox behind the room keeps its entries in IndexedDB, which jsdom lacks.
import 'fake-indexeddb/auto';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatWith, messageIn } from './fixtures';
import { backToEnglish, envelope, inChinese } from '../helpers/contacts';
import { alice, fakeServer } from '../helpers/fake-server';
import { fakeSocket } from '../helpers/fake-socket';
import { renderApp } from '../helpers/render-app';
import { connectRoomSocket, disconnectRoomSocket } from './room-socket';
import { stubRoomLayout } from '../helpers/room-layout';

vi.mock('socket.io-client', () => import('../helpers/fake-socket'));

const chatId = 'chat-bob';
const base = '/api/chat-social-msg';
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

async function openRoom(lastSeen: string | null) {
  const chat = chatWith('bob', {
    _id: chatId,
    displayName: '鲍勃 Bob',
    participants: [
      { id: 'bob-id', username: 'bob', nickname: null, displayName: '鲍勃 Bob', avatar: null },
    ],
  });
  fakeServer({
    session: alice,
    routes: {
      [`GET ${base}/chats`]: () => envelope({ chats: [chat] }),
      [`GET ${base}/${chatId}/messages`]: () =>
        envelope({
          messages: [messageIn(chatId, 1, { sender: 'bob-id', senderUsername: 'bob' })],
          hasMore: false,
        }),
      [`GET ${base}/presence/bob-id`]: () =>
        envelope({ userId: 'bob-id', isOnline: false, lastSeen, version: 1 }),
    },
  });
  const app = await renderApp(`/socialChatRoom?chat=${chatId}`);
  await screen.findByText('message 1', { selector: '[data-testid="message-content"]' });
  return app;
}

describe('the room header: who, and when they were last seen', () => {
  beforeEach(async () => {
    await inChinese();
    stubRoomLayout();
    connectRoomSocket();
  });
  afterEach(async () => {
    disconnectRoomSocket();
    await backToEnglish();
  });

  it('shows the display name and how long ago the other person was last online', async () => {
    await openRoom(minutesAgo(5));
    expect(screen.getByRole('heading', { name: '鲍勃 Bob' })).toBeInTheDocument();
    // The bubble names its sender the same way.
    expect(screen.getByRole('article', { name: '鲍勃 Bob' })).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByTestId('presence')).toHaveTextContent('最后在线：5 分钟前'),
    );
    act(() =>
      fakeSocket.receive('presence', {
        userId: 'bob-id',
        isOnline: true,
        lastSeen: minutesAgo(0),
        version: 2,
      }),
    );
    await waitFor(() => expect(screen.getByTestId('presence')).toHaveTextContent('在线'));
  });

  it("keeps the newest presence when two servers' announcements cross", async () => {
    await openRoom(minutesAgo(5));
    await waitFor(() => expect(screen.getByTestId('presence')).toHaveTextContent('5 分钟前'));
    // Bob reloaded onto another server: its "online" (version 4) overtook the "offline" of
    // the server his old tab was on (version 3).
    act(() =>
      fakeSocket.receive('presence', {
        userId: 'bob-id',
        isOnline: true,
        lastSeen: minutesAgo(0),
        version: 4,
      }),
    );
    await waitFor(() => expect(screen.getByTestId('presence')).toHaveTextContent(/^在线$/));
    act(() =>
      fakeSocket.receive('presence', {
        userId: 'bob-id',
        isOnline: false,
        lastSeen: minutesAgo(0),
        version: 3,
      }),
    );
    // An event after it is shown once the late one would be: the late one changed nothing.
    act(() =>
      fakeSocket.receive('profileUpdated', {
        userId: 'bob-id',
        username: 'bob',
        displayName: 'Robert',
        avatarUrl: null,
      }),
    );
    await screen.findByRole('heading', { name: 'Robert' });
    expect(screen.getByTestId('presence')).toHaveTextContent(/^在线$/);
    // His presence hidden from the viewer (a block): a notice of its own version.
    act(() =>
      fakeSocket.receive('presence', {
        userId: 'bob-id',
        isOnline: false,
        lastSeen: null,
        version: 5,
      }),
    );
    await waitFor(() => expect(screen.getByTestId('presence')).toHaveTextContent('离线'));
  });

  it('says presence is unknown, not offline, while this tab is disconnected', async () => {
    await openRoom(minutesAgo(5));
    await waitFor(() => expect(screen.getByTestId('presence')).toHaveTextContent('5 分钟前'));
    act(() => void fakeSocket.disconnect());
    await waitFor(() => expect(screen.getByTestId('presence')).toHaveTextContent('状态未知'));
  });

  it('takes a new display name live', async () => {
    await openRoom(null);
    act(() =>
      fakeSocket.receive('profileUpdated', {
        userId: 'bob-id',
        username: 'bob',
        displayName: 'Robert',
        avatarUrl: null,
      }),
    );
    expect(await screen.findByRole('heading', { name: 'Robert' })).toBeInTheDocument();
  });
});
