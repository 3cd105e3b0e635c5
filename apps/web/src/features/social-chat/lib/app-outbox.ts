import { getSocket } from '@/lib/realtime/socket-client';
import { createOutbox, type Outbox } from './outbox';
import { indexedDbPersistence } from './outbox-persistence';
import { socketTransport } from '../api/outbox-transport';

let outbox: Outbox | null = null;

/** The tab's one outbox, on IndexedDB and the tab's socket. */
export function appOutbox(): Outbox {
  outbox ??= createOutbox({
    transport: socketTransport(getSocket),
    persistence: indexedDbPersistence(),
  });
  return outbox;
}

let deliveringFor: string | null = null;
let stopDelivery: (() => void) | null = null;

/**
 * Sends the user's waiting messages now if connected and on every (re)connection from then on,
 * whichever page is shown. Idempotent per user; another user replaces the previous one.
 */
export function deliverOutboxFor(userId: string): void {
  if (deliveringFor === userId) return;
  stopDelivery?.();
  deliveringFor = userId;
  const socket = getSocket();
  const flush = () => void appOutbox().flush(userId);
  socket.on('connect', flush);
  stopDelivery = () => socket.off('connect', flush);
  flush();
}
