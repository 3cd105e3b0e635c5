import { useMessagesStore } from '@/features/social-chat/stores/messages-store';
import { fakeSocket } from '../helpers/fake-socket';

/**
 * Each test opens its chat afresh (the messages store is global) on a connected socket whose
 * server has nothing to catch up on (`sync`): only what the test sends live can add messages.
 */
export function connectRoomSocket(): void {
  useMessagesStore.setState({ logs: {} });
  fakeSocket.emitted.length = 0;
  fakeSocket.connect();
  fakeSocket.answer('sync', () => ({
    ok: true,
    data: { messagesMap: {}, readMap: {}, hasMore: false },
  }));
}

export function disconnectRoomSocket(): void {
  fakeSocket.answer('sync', undefined);
  fakeSocket.disconnect();
}
