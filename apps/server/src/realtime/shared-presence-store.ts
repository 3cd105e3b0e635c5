import type { RedisPresence } from '../lib/redis/presence-store';
import type {
  MemoryPresenceStore,
  PresenceChange,
  PresenceState,
  PresenceStore,
} from './presence-store';

interface SharedPresenceOptions {
  /** This node's own sockets: the truth a resync restores into Redis. */
  local: MemoryPresenceStore;
  shared: RedisPresence;
  log: { info(object: object, message: string): void; warn(object: object, message: string): void };
  /** How often the node renews its heartbeat and sweeps dead nodes. */
  heartbeatMs?: number;
  /** How long a node counts as alive after its last heartbeat. */
  nodeTtlMs?: number;
  now?: () => number;
}

/**
 * Presence of a site of several nodes: shared through Redis, and counted on this node alone
 * while Redis does not answer (its users still see each other; other nodes' users look offline).
 * Every change is also kept in this node's memory, and when Redis answers again, or finds this
 * node missing (it was swept as dead during a long pause), the node writes its sockets back.
 */
export class SharedPresenceStore implements PresenceStore {
  private readonly now: () => number;
  private readonly timer: NodeJS.Timeout;
  private listener: (userId: string, change: PresenceChange) => void = () => {};
  private failing = false;
  private resyncing: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly options: SharedPresenceOptions) {
    this.now = options.now ?? Date.now;
    const heartbeatMs = options.heartbeatMs ?? 5_000;
    this.timer = setInterval(() => void this.beat(), heartbeatMs);
    this.timer.unref();
    void this.beat();
  }

  connect(userId: string, socketId: string, now: number): Promise<PresenceChange> {
    return this.change(
      () => this.options.local.connect(userId, socketId, now),
      () => this.options.shared.change('connect', userId, socketId, now),
    );
  }

  setActive(
    userId: string,
    socketId: string,
    active: boolean,
    now: number,
  ): Promise<PresenceChange> {
    return this.change(
      () => this.options.local.setActive(userId, socketId, active, now),
      () => this.options.shared.change(active ? 'active' : 'away', userId, socketId, now),
    );
  }

  disconnect(userId: string, socketId: string, now: number): Promise<PresenceChange> {
    return this.change(
      () => this.options.local.disconnect(userId, socketId, now),
      () => this.options.shared.change('disconnect', userId, socketId, now),
    );
  }

  get(userId: string, now: number): Promise<PresenceState> {
    return this.read(
      () => this.options.shared.get(userId),
      () => this.options.local.get(userId, now),
    );
  }

  stamp(userId: string, now: number): Promise<number> {
    return this.change(
      () => this.options.local.stamp(userId, now),
      () => this.options.shared.stamp(userId, now),
    );
  }

  async onlineAmong(userIds: readonly string[]): Promise<Set<string>> {
    // A user with an active tab on this node is online whatever Redis holds: Redis is asked only
    // about the others. Most messages go to someone on the sender's node, and their push check
    // was a Redis read each.
    const online = await this.options.local.onlineAmong(userIds);
    const elsewhere = userIds.filter((userId) => !online.has(userId));
    if (elsewhere.length === 0) return online;
    const there = await this.read(
      () => this.options.shared.onlineAmong(elsewhere),
      () => Promise.resolve(new Set<string>()),
    );
    for (const userId of there) online.add(userId);
    return online;
  }

  onFlip(listener: (userId: string, change: PresenceChange) => void): void {
    this.listener = listener;
  }

  close(): void {
    // The node's entry is left to expire: the next sweep removes any socket still listed.
    this.closed = true;
    clearInterval(this.timer);
  }

  /** Waits for a resync under way (tests, and a shutdown that wants Redis settled). */
  async settled(): Promise<void> {
    await this.resyncing;
  }

  private async change<T>(local: () => Promise<T>, shared: () => Promise<T>): Promise<T> {
    const here = await local();
    // While Redis is known to be away, answer from this node at once instead of waiting.
    if (this.failing) return here;
    try {
      return await shared();
    } catch (error) {
      this.fail(error);
      return here;
    }
  }

  private async read<T>(shared: () => Promise<T>, local: () => Promise<T>): Promise<T> {
    if (this.failing) return local();
    try {
      return await shared();
    } catch (error) {
      this.fail(error);
      return local();
    }
  }

  private fail(error: unknown): void {
    if (this.failing) return;
    this.failing = true;
    this.options.log.warn(
      { err: error },
      'presence cannot be shared through Redis; counting this node’s users only until it answers',
    );
  }

  /** Heartbeat, then dead-node sweep; a resync when Redis is back or did not know this node. */
  private async beat(): Promise<void> {
    if (this.closed) return;
    const now = this.now();
    try {
      const unknown = await this.options.shared.heartbeat(now, this.options.nodeTtlMs ?? 15_000);
      if (unknown || this.failing) await this.resync();
      for (const flip of await this.options.shared.sweepDeadNodes(now)) {
        this.listener(flip.userId, flip.change);
      }
    } catch (error) {
      this.fail(error);
    }
  }

  private resync(): Promise<void> {
    this.resyncing ??= (async () => {
      const wasFailing = this.failing;
      // Changes from now on go to Redis again, after the resync on the same connection: Redis
      // runs them in the order sent, so none is overwritten by this snapshot of the sockets.
      this.failing = false;
      try {
        const touched = await this.options.shared.resync(
          this.options.local.localSockets(),
          this.now(),
        );
        if (wasFailing) {
          this.options.log.info({ users: touched.length }, 'presence shared through Redis again');
        }
        for (const { userId, change } of touched) {
          // After an outage every user of this node is announced again: other nodes missed
          // what happened meanwhile, and a change sent just before the outage may have reached
          // Redis only now, so "unchanged" here does not mean that anyone heard of it.
          if (change.changed || wasFailing) this.listener(userId, { ...change, changed: true });
        }
      } finally {
        this.resyncing = null;
      }
    })();
    return this.resyncing;
  }
}
