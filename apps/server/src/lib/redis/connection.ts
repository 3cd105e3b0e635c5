import { Redis, type RedisOptions } from 'ioredis';

export interface RedisLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface RedisConnectOptions {
  url: string;
  /** Prefix of every key and channel this node uses (REDIS_KEY_PREFIX). */
  keyPrefix: string;
  log: RedisLogger;
  /** Longest a short command (rate limit, login failures, readiness) waits before it fails. */
  commandTimeoutMs?: number;
  /** How often Redis is checked while nothing else notices an outage (a paused server). */
  checkIntervalMs?: number;
}

/**
 * One node's connections to Redis. Two clients, because they must behave differently while
 * Redis is away: short commands fail fast so a request never waits on Redis, while the
 * socket.io adapter's connection waits for Redis to return (its reads block by design, and its
 * writes are guarded by `isAvailable()`, see socket-adapter.ts).
 */
export interface RedisHandle {
  /** Rate limits, login failures, readiness: every command fails within the command timeout. */
  readonly commands: Redis;
  /** The socket.io adapter's connection (it duplicates it for its blocking reads). */
  readonly adapter: Redis;
  readonly keyPrefix: string;
  /** False from the first failed check or lost connection until Redis answers again. */
  isAvailable(): boolean;
  /** Whether Redis answers a PING now (readiness). */
  ping(): Promise<boolean>;
  /**
   * Runs `listener` each time `isAvailable()` turns true (every connection ready and answering),
   * after an outage or the first time; returns the unsubscribe.
   */
  onAvailable(listener: () => void): () => void;
  /** Waits (up to `timeoutMs`) for the first answer, so a node that starts with Redis shares from its first request. */
  waitUntilAvailable(timeoutMs: number): Promise<boolean>;
  /** Closes both connections; safe to call twice. */
  close(): Promise<void>;
}

// Reconnect quickly at first, then every 2 s, for as long as it takes: a node outlives an outage.
const retryStrategy = (attempt: number) => Math.min(attempt * 100, 2_000);

export function connectRedis(options: RedisConnectOptions): RedisHandle {
  const commandTimeout = options.commandTimeoutMs ?? 1_000;
  const base: RedisOptions = { retryStrategy, connectTimeout: 5_000, connectionName: 'confab' };
  const commands = new Redis(options.url, {
    ...base,
    commandTimeout,
    // While not connected a command fails at once: a rate limit that cannot be checked now is
    // skipped, not queued, so requests do not wait on an outage.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    // A command that got no answer before the connection dropped has already failed for its
    // caller (who fell back to this node's memory); sent again later it would act twice.
    autoResendUnfulfilledCommands: false,
    // Commands issued in one turn of the event loop go out in one write: a send's rate-limit
    // script and the other sends' of the same turn share a syscall instead of one each.
    enableAutoPipelining: true,
  });
  // null: the adapter's reads and session writes wait across reconnections instead of failing
  // (a failure there would go unhandled inside the adapter).
  // Its writes (an XADD per room a message goes to) are pipelined like the commands'.
  const adapter = new Redis(options.url, {
    ...base,
    maxRetriesPerRequest: null,
    enableAutoPipelining: true,
  });
  // The adapter reads the stream and subscribes on duplicates of its connection; events from
  // other nodes arrive only while those are connected too, so availability counts them.
  const adapterConnections = new Set<Redis>([adapter]);
  const duplicate = adapter.duplicate.bind(adapter);
  adapter.duplicate = (override) => {
    // The copies block on XREAD and SUBSCRIBE: nothing to pipeline, and nothing may wait
    // behind a blocking read.
    const copy = duplicate({ ...override, enableAutoPipelining: false });
    adapterConnections.add(copy);
    copy.on('end', () => adapterConnections.delete(copy));
    for (const event of ['ready', 'close']) copy.on(event, () => reportIfAvailable());
    return copy;
  };
  const adapterConnected = () =>
    [...adapterConnections].every((connection) => connection.status === 'ready');

  let available = false;
  let everAvailable = false;
  let closed = false;
  const waiters = new Set<() => void>();
  const isAvailable = () => available && adapterConnected();
  // Its two parts turn true in either order (the commands answer, the last adapter connection
  // is ready): listeners hear of each turn once, whichever completes it.
  const availabilityListeners = new Set<() => void>();
  let reportedAvailable = false;
  function reportIfAvailable() {
    const now = !closed && isAvailable();
    if (now === reportedAvailable) return;
    reportedAvailable = now;
    if (now) for (const listener of [...availabilityListeners]) listener();
  }
  const setAvailable = (next: boolean, reason: string) => {
    if (!closed && next !== available) logChange(next, reason);
    reportIfAvailable();
  };
  const logChange = (next: boolean, reason: string) => {
    available = next;
    if (next) {
      for (const wake of waiters) wake();
      waiters.clear();
      options.log.info(
        { reason },
        everAvailable
          ? 'Redis answers again: shared rate limits and cross-node delivery resumed'
          : 'Redis connected',
      );
      everAvailable = true;
    } else {
      options.log.warn(
        { reason },
        'Redis does not answer: this node keeps serving its own users; rate limits are skipped or ' +
          'counted on this node, and events do not reach other nodes until Redis is back',
      );
    }
  };

  // ioredis reports each failed reconnection as an error event; the state change is what
  // matters, and it is logged once per outage by setAvailable.
  for (const client of [commands, adapter]) client.on('error', () => {});
  commands.on('ready', () => setAvailable(true, 'connected'));
  commands.on('close', () => setAvailable(false, 'connection lost'));
  adapter.on('close', () => setAvailable(false, 'connection lost'));
  adapter.on('ready', () => reportIfAvailable());

  const ping = async () => {
    try {
      return (await commands.ping()) === 'PONG';
    } catch {
      return false;
    }
  };

  // A paused or partitioned server keeps its connection open and simply stops answering: only
  // a command that times out reveals it.
  const timer = setInterval(() => {
    void ping().then((ok) => {
      const connected = commands.status === 'ready' && adapterConnected();
      setAvailable(ok && connected, ok ? 'answered' : 'no answer to PING');
    });
  }, options.checkIntervalMs ?? 2_000);
  timer.unref();

  let closing: Promise<void> | undefined;
  return {
    commands,
    adapter,
    keyPrefix: options.keyPrefix,
    isAvailable,
    ping,
    onAvailable(listener) {
      availabilityListeners.add(listener);
      return () => availabilityListeners.delete(listener);
    },
    waitUntilAvailable(timeoutMs) {
      if (available) return Promise.resolve(true);
      return new Promise((resolve) => {
        const timeout = setTimeout(() => {
          waiters.delete(wake);
          resolve(false);
        }, timeoutMs);
        const wake = () => {
          clearTimeout(timeout);
          resolve(true);
        };
        waiters.add(wake);
      });
    },
    close() {
      closing ??= (async () => {
        clearInterval(timer);
        closed = true;
        available = false;
        await Promise.all([commands, adapter].map((client) => quit(client)));
      })();
      return closing;
    },
  };
}

/** QUIT when connected (pending replies arrive first); a client that is not connected just stops. */
async function quit(client: Redis): Promise<void> {
  if (client.status === 'ready') {
    try {
      await client.quit();
      return;
    } catch {
      // fall through: the connection went away while quitting
    }
  }
  client.disconnect();
}
