// The outbox behind the hook keeps its entries in IndexedDB, which jsdom lacks.
import 'fake-indexeddb/auto';
import { socialApiBase } from '@confab/protocol/envelope';
import { socialChatApiPaths } from '@confab/protocol/social-chat';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useChats } from '@/features/social-chat/api/get-chats';
import { useLiveSocialChat } from '@/features/social-chat/hooks/use-live-social-chat';
import { envelope } from '../helpers/contacts';
import { fakeServer } from '../helpers/fake-server';
import { fakeSocket } from '../helpers/fake-socket';
import { chatWith, me } from './fixtures';

vi.mock('socket.io-client', () => import('../helpers/fake-socket'));

const listRoute = `GET ${socialApiBase}${socialChatApiPaths.chats}`;

/** The conversation list's hooks on a page just opened: the list and its live intake. */
function openList() {
  const server = fakeServer({
    routes: { [listRoute]: () => envelope({ chats: [chatWith('bob')] }) },
  });
  const queryClient = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () => {
      useLiveSocialChat(me.id);
      return useChats();
    },
    { wrapper },
  );
  return { result, server };
}

// Every (re)connection reloads the list, as events may have been missed before it. A list read
// while the socket was still connecting was read a second time once it connected.
describe('opening the chat list', () => {
  afterEach(() => {
    fakeSocket.disconnect();
  });

  it('reads the list once when the socket connects while the page opens', async () => {
    fakeSocket.startConnecting();
    const { result, server } = openList();
    await act(async () => {
      await Promise.resolve();
    });
    act(() => {
      fakeSocket.connect();
    });
    await waitFor(() => expect(result.current.data).toHaveLength(1));
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(server.calls(listRoute)).toHaveLength(1);
  });

  it('reads the list at once on a socket already connected, and again after a reconnection', async () => {
    fakeSocket.connect();
    const { result, server } = openList();
    await waitFor(() => expect(result.current.data).toHaveLength(1));
    expect(server.calls(listRoute)).toHaveLength(1);
    act(() => {
      fakeSocket.disconnect();
      fakeSocket.connect();
    });
    await waitFor(() => expect(server.calls(listRoute)).toHaveLength(2));
  });

  it('shows the list without waiting for a socket that cannot connect', async () => {
    fakeSocket.startConnecting();
    const { result, server } = openList();
    act(() => {
      fakeSocket.failToConnect();
    });
    await waitFor(() => expect(result.current.data).toHaveLength(1));
    expect(server.calls(listRoute)).toHaveLength(1);
  });
});
