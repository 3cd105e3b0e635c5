// The outbox behind the room keeps its entries in IndexedDB, which jsdom lacks.
import 'fake-indexeddb/auto';
import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { chatWith, messageIn } from './fixtures';
import { envelope } from '../helpers/contacts';
import { alice, fakeServer } from '../helpers/fake-server';
import { fakeSocket } from '../helpers/fake-socket';
import { renderApp } from '../helpers/render-app';
import { stubRoomLayout } from '../helpers/room-layout';
import { connectRoomSocket, disconnectRoomSocket } from './room-socket';

vi.mock('socket.io-client', () => import('../helpers/fake-socket'));

const listRoute = 'GET /api/chat-social-msg/chats';

// docs/product.md#message-extras: a message deleted for oneself leaves the chat list's preview
// too, on every tab of the user.
describe('a last message deleted for oneself', () => {
  beforeEach(() => {
    stubRoomLayout();
    connectRoomSocket();
  });
  afterEach(() => disconnectRoomSocket());

  it('gives way in the chat list to the message before it', async () => {
    const earlier = messageIn('chat-bob', 1, { content: 'see you at noon' });
    const last = messageIn('chat-bob', 2, { content: 'sent to the wrong chat' });
    let hidden = false;
    const server = fakeServer({
      session: alice,
      routes: {
        [listRoute]: () =>
          envelope({ chats: [chatWith('bob', { lastMessage: hidden ? earlier : last })] }),
      },
    });
    await renderApp('/agents');
    await screen.findByText('sent to the wrong chat');

    const reads = server.calls(listRoute).length;
    hidden = true;
    act(() => fakeSocket.receive('messageHidden', { chatId: 'chat-bob', messageId: last._id }));
    await screen.findByText('see you at noon');
    expect(screen.queryByText('sent to the wrong chat')).toBeNull();
    expect(server.calls(listRoute)).toHaveLength(reads + 1);
  });
});
