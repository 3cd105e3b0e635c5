// The outbox behind the hook keeps its entries in IndexedDB, which jsdom lacks.
import 'fake-indexeddb/auto';
import { socialApiBase } from '@confab/protocol/envelope';
import { socialChatApiPaths } from '@confab/protocol/social-chat';
import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useChatMessages } from '@/features/social-chat/hooks/use-chat-messages';
import { useLiveSocialChat } from '@/features/social-chat/hooks/use-live-social-chat';
import { me, messageIn } from './fixtures';
import { envelope } from '../helpers/contacts';
import { fakeServer } from '../helpers/fake-server';
import { fakeSocket } from '../helpers/fake-socket';
import { connectRoomSocket, disconnectRoomSocket } from './room-socket';

vi.mock('socket.io-client', () => import('../helpers/fake-socket'));

const chatId = 'chat-bob';
const history = [1, 2, 3].map((seq) => messageIn(chatId, seq));

/**
 * The chat room's hooks for alice (its messages, and the page's intake of live events), once
 * its first page (seq 1 to 3) is held.
 */
async function openChat() {
  fakeServer({
    routes: {
      [`GET ${socialApiBase}${socialChatApiPaths.messages(chatId)}`]: () =>
        envelope({ messages: history, hasMore: false }),
    },
  });
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () => {
      useLiveSocialChat(me.id);
      return useChatMessages(chatId, me.id);
    },
    { wrapper },
  );
  await waitFor(() => expect(result.current.state).toBe('ready'));
  return result;
}

/** The server sends `event` to this tab; async so a catch-up it starts settles inside act. */
const receive = (event: string, payload: unknown) =>
  act(async () => {
    fakeSocket.receive(event, payload);
  });

describe('live messages in the open chat', () => {
  beforeEach(connectRoomSocket);
  afterEach(disconnectRoomSocket);

  it("adds the other participant's messages sent as new_message, in seq order", async () => {
    const result = await openChat();
    expect(result.current.log.messages.map((m) => m.seq)).toEqual([1, 2, 3]);
    // Arriving out of order: they are still shown in seq order.
    await receive('new_message', { chatId, unread: 1, message: messageIn(chatId, 5) });
    await receive('new_message', { chatId, unread: 2, message: messageIn(chatId, 4) });
    expect(result.current.log.messages.map((m) => [m.seq, m.content])).toEqual([
      [1, 'message 1'],
      [2, 'message 2'],
      [3, 'message 3'],
      [4, 'message 4'],
      [5, 'message 5'],
    ]);
  });

  it('adds a message the viewer sent from another tab, sent as newChatMessage', async () => {
    const result = await openChat();
    const mine = messageIn(chatId, 4, { sender: me.id, senderUsername: me.username });
    await receive('newChatMessage', { message: mine });
    expect(result.current.log.messages.map((m) => [m.seq, m.sender])).toEqual([
      [1, `${chatId}-other`],
      [2, `${chatId}-other`],
      [3, `${chatId}-other`],
      [4, me.id],
    ]);
  });

  it("leaves this chat's messages alone for a new_message of another chat", async () => {
    const result = await openChat();
    const elsewhere = messageIn('chat-carol', 4);
    await receive('new_message', { chatId: 'chat-carol', unread: 1, message: elsewhere });
    expect(result.current.log.messages.map((m) => m._id)).toEqual(history.map((m) => m._id));
  });

  it('catches up when the server says events may have been lost (catchUp)', async () => {
    const result = await openChat();
    // A message whose new_message never reached this tab: the server holds it.
    const missed = messageIn(chatId, 4);
    fakeSocket.answer('sync', () => ({
      ok: true,
      data: { messagesMap: { [chatId]: [missed] }, readMap: {}, hasMore: false },
    }));
    fakeSocket.emitted.length = 0;
    await receive('catchUp', undefined);
    await waitFor(() =>
      expect(result.current.log.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4]),
    );
    expect(fakeSocket.emitted).toEqual([
      ['sync', { cursors: [{ chatId, afterSeq: 3, fromSeq: 1, afterRevision: 0 }] }],
    ]);
  });

  it('holds a message delivered twice once', async () => {
    const result = await openChat();
    const message = messageIn(chatId, 4);
    await receive('new_message', { chatId, unread: 1, message });
    // The same message again (a retried delivery, or a second tab's copy): one row still.
    await receive('new_message', { chatId, unread: 1, message });
    await receive('newChatMessage', { message });
    expect(result.current.log.messages.map((m) => m.seq)).toEqual([1, 2, 3, 4]);
  });
});
