import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { Namespace } from 'socket.io';
import type { ServerToClientEvents } from '@confab/protocol/socket-events';
import type { RedisHandle } from './connection';
import { throttled, watchStreamGaps } from './stream-gaps';

type StreamsAdapter = ReturnType<ReturnType<typeof createAdapter>>;

type ClusterMessage = Parameters<StreamsAdapter['doPublish']>[0];
/** socket.io-adapter's MessageType.BROADCAST: an event for the sockets of some rooms (or all). */
const broadcastType = 3;

/** A node that keeps falling behind tells its tabs to catch up at most this often: each tab
 * reloads its open lists, which a node already behind should not be asked for every moment. */
const gapAnnounceMs = 5_000;

/** Beyond this many rooms whose events stayed on this node, every tab is told to catch up. */
const maxMissedRooms = 10_000;

/**
 * socket.io's cluster adapter over Redis streams, under this node's key prefix, made to keep
 * serving this node's sockets while Redis is away.
 *
 * The adapter delivers a broadcast to local sockets only after its publish to Redis settles,
 * and it reads sessions from Redis before a reconnecting socket may connect. While Redis does
 * not answer, both would wait for the whole outage. So: when Redis is known to be away they fail
 * at once, and otherwise they fail after `timeoutMs`; the adapter then delivers locally (the
 * event does not reach other nodes) and a reconnecting socket starts a fresh session (the client
 * catches up from the database). Saving a session for a later reconnection is skipped.
 *
 * What did not cross meanwhile is made up for when Redis is available again: this node's tabs,
 * which may have missed other nodes' events, and, on every node, the tabs in the rooms of the
 * broadcasts that stayed on this node, are sent `catchUp` (each tab once), and reload.
 */
export function redisSocketAdapter(
  redis: RedisHandle,
  { timeoutMs = 1_000, maxLen = 10_000 }: { timeoutMs?: number; maxLen?: number } = {},
) {
  const streamName = `${redis.keyPrefix}socket.io`;
  // Every namespace's tabs hear of entries this node never read (watchStreamGaps).
  const gapListeners = new Set<() => void>();
  watchStreamGaps(redis.adapter, streamName, () => {
    for (const listener of gapListeners) listener();
  });
  const factory = createAdapter(redis.adapter, {
    streamName,
    maxLen,
    // Entries taken per read. The reader runs one read per turn of the event loop, and a busy
    // node's turns are long: 100 a read (the default) fell behind the trim at about 2,000
    // entries a second, and receivers on other nodes missed their messages.
    readCount: 1_000,
    // Every event is JSON (the protocol's schemas): no walk of each one looking for binary.
    onlyPlaintext: true,
    channelPrefix: `${redis.keyPrefix}socket.io`,
    sessionKeyPrefix: `${redis.keyPrefix}socket.io:session:`,
  });
  const guarded = <T>(work: () => Promise<T>): Promise<T> => {
    if (!redis.isAvailable()) return Promise.reject(new Error('Redis is not available'));
    const pending = work();
    // The command may still complete later; its outcome no longer matters to anyone.
    pending.catch(() => {});
    return new Promise<T>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('Redis did not answer in time')), timeoutMs);
      pending.then(
        (value) => {
          clearTimeout(timer);
          resolve(value);
        },
        (error: unknown) => {
          clearTimeout(timer);
          reject(error instanceof Error ? error : new Error(String(error)));
        },
      );
    });
  };

  // socket.io calls it with `new`, so it must be a function (it returns the adapter object).
  return function guardedAdapter(
    namespace: Namespace<never, ServerToClientEvents>,
  ): StreamsAdapter {
    const adapter = factory(namespace);
    const publish: StreamsAdapter['doPublish'] = adapter.doPublish.bind(adapter);
    const restore = adapter.restoreSession.bind(adapter);
    const persist = adapter.persistSession.bind(adapter);
    const missed = missedRooms();
    // Every node reads its own entries back from the stream, and the adapter decoded each one
    // only to drop it as its own (ClusterAdapter.onMessage): a node's own entries are dropped
    // before decoding. `uid` is the adapter's id, which it writes into each entry.
    const ownUid = (adapter as unknown as { uid: string }).uid;
    const onRawMessage = adapter.onRawMessage.bind(adapter);
    adapter.onRawMessage = (raw, offset) => {
      if (raw.uid !== ownUid) onRawMessage(raw, offset);
    };
    adapter.doPublish = (message) => {
      const published = guarded(() => Promise.resolve(publish(message)));
      published.catch(() => missed.add(message));
      return published;
    };
    const stopListening = redis.onAvailable(() => {
      const rooms = missed.take();
      if (rooms === 'all') {
        namespace.emit('catchUp');
      } else if (rooms.length === 0) {
        namespace.local.emit('catchUp');
      } else {
        namespace.to(rooms).emit('catchUp');
        namespace.local.except(rooms).emit('catchUp');
      }
    });
    const announceGap = throttled(() => namespace.local.emit('catchUp'), gapAnnounceMs);
    gapListeners.add(announceGap);
    const close = adapter.close.bind(adapter);
    adapter.close = () => {
      stopListening();
      gapListeners.delete(announceGap);
      announceGap.cancel();
      return close();
    };
    adapter.restoreSession = (pid, offset) => guarded(() => restore(pid, offset));
    adapter.persistSession = (session) => {
      if (redis.isAvailable()) persist(session);
    };
    return adapter;
  };
}

/** The rooms of the broadcasts that could not be published: their tabs elsewhere missed them. */
function missedRooms() {
  let rooms = new Set<string>();
  let all = false;
  return {
    add(message: ClusterMessage) {
      if ((message.type as number) !== broadcastType || !('data' in message)) return;
      const { opts } = message.data as { opts: { rooms: string[]; flags?: { local?: boolean } } };
      if (opts.flags?.local) return;
      const targets = opts.rooms;
      if (targets.length === 0) all = true;
      for (const room of targets) rooms.add(room);
      if (rooms.size > maxMissedRooms) all = true;
    },
    /** What was missed since the last call, and forgets it. */
    take(): string[] | 'all' {
      const taken = all ? 'all' : [...rooms];
      rooms = new Set();
      all = false;
      return taken;
    },
  };
}
