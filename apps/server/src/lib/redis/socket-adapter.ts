import { createAdapter } from '@socket.io/redis-streams-adapter';
import type { RedisHandle } from './connection';

type StreamsAdapter = ReturnType<ReturnType<typeof createAdapter>>;

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
 */
export function redisSocketAdapter(redis: RedisHandle, timeoutMs = 1_000) {
  const factory = createAdapter(redis.adapter, {
    streamName: `${redis.keyPrefix}socket.io`,
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
  return function guardedAdapter(namespace: unknown): StreamsAdapter {
    const adapter = factory(namespace);
    const publish: StreamsAdapter['doPublish'] = adapter.doPublish.bind(adapter);
    const restore = adapter.restoreSession.bind(adapter);
    const persist = adapter.persistSession.bind(adapter);
    adapter.doPublish = (message) => guarded(() => Promise.resolve(publish(message)));
    adapter.restoreSession = (pid, offset) => guarded(() => restore(pid, offset));
    adapter.persistSession = (session) => {
      if (redis.isAvailable()) persist(session);
    };
    return adapter;
  };
}
