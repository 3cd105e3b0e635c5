import type { SessionUser } from '@confab/protocol/auth';
import type { Presence } from '@confab/protocol/social-chat';
import { notFound } from '../lib/app-error';
import { ActivityDebounce } from './activity-debounce';
import type { PresenceState, PresenceStore } from '../realtime/presence-store';
import type { RealtimeHub } from '../realtime/realtime-hub';

/** Who may see whose presence (the contacts service). */
export interface PresenceAudience {
  mayWatchPresenceOf(viewerId: string, subjectId: string): Promise<boolean>;
  presenceWatchersOf(subjectId: string): Promise<string[]>;
}

/** Where "last seen" is kept across restarts (the users table). */
export interface LastSeenRecord {
  setLastSeen(userId: string, at: number): Promise<void>;
  lastSeenOf(userId: string): Promise<number | null>;
}

interface PresenceServiceOptions {
  store: PresenceStore;
  audience: PresenceAudience;
  lastSeen: LastSeenRecord;
  realtime: RealtimeHub;
  now?: () => number;
}

/**
 * Online status. Every socket of a user counts (tabs, devices); a user is online while one of
 * them is connected and not marked away, and goes offline when the last one leaves or goes
 * away. Each flip is announced (`presence`) to the contacts allowed to see it, and only to them.
 * A flip to offline is also written down (users.last_seen_at): in a cluster exactly one node
 * sees each flip (the shared store decides), and the record outlives the store after a restart.
 */
export class PresenceService {
  private readonly now: () => number;
  private readonly activity: ActivityDebounce;

  constructor(private readonly options: PresenceServiceOptions) {
    this.now = options.now ?? Date.now;
    this.activity = new ActivityDebounce(async (userId, socketId, active) => {
      const change = await this.options.store.setActive(userId, socketId, active, this.now());
      await this.announce(userId, change);
    });
    // Flips found by the store itself (a dead node swept, a resync after a Redis outage).
    options.store.onFlip((userId, change) => {
      this.announce(userId, change).catch(() => {});
    });
  }

  async socketConnected(userId: string, socketId: string): Promise<void> {
    await this.announce(userId, await this.options.store.connect(userId, socketId, this.now()));
  }

  /** `onlineStatus`: only a change is applied, at most one a second per tab (ActivityDebounce). */
  socketActivity(userId: string, socketId: string, active: boolean): Promise<void> {
    return this.activity.report(userId, socketId, active);
  }

  async socketDisconnected(userId: string, socketId: string): Promise<void> {
    this.activity.forget(socketId);
    await this.announce(userId, await this.options.store.disconnect(userId, socketId, this.now()));
  }

  /** `GET presence/{userId}`: 404 for anyone who is not a contact allowed to see it. */
  async get(viewer: SessionUser, userId: string): Promise<Presence> {
    if (!(await this.options.audience.mayWatchPresenceOf(viewer.id, userId))) {
      throw notFound('No contact with this id');
    }
    return toPresence(userId, await this.stateOf(userId));
  }

  close(): void {
    this.activity.close();
    this.options.store.close();
  }

  /**
   * What two users may see of each other changed (a friendship began or ended, a block): each
   * is told the other's presence as they may now see it, offline when they may not.
   */
  async pairChanged(a: string, b: string): Promise<void> {
    const visible = await this.options.audience.mayWatchPresenceOf(a, b);
    for (const [viewer, subject] of [
      [a, b],
      [b, a],
    ] as const) {
      // A version of its own: the notice supersedes the flips the viewer heard of before it.
      const version = await this.options.store.stamp(subject, this.now());
      const state = visible
        ? { ...(await this.stateOf(subject)), version }
        : { isOnline: false, lastSeen: null, version };
      this.options.realtime.toUser(viewer, 'presence', toPresence(subject, state));
    }
  }

  /** Which of these users are online, for views whose caller checked who may see it. */
  onlineAmong(userIds: readonly string[]): Promise<Set<string>> {
    return this.options.store.onlineAmong(userIds);
  }

  /** The store's state; its "last seen" falls back to the record when the store has none. */
  private async stateOf(userId: string): Promise<PresenceState> {
    const state = await this.options.store.get(userId, this.now());
    if (state.isOnline || state.lastSeen !== null) return state;
    return { ...state, lastSeen: await this.options.lastSeen.lastSeenOf(userId) };
  }

  private async announce(
    userId: string,
    change: { changed: boolean; state: PresenceState },
  ): Promise<void> {
    if (!change.changed) return;
    if (!change.state.isOnline) {
      await this.options.lastSeen.setLastSeen(userId, change.state.lastSeen ?? this.now());
    }
    const watchers = await this.options.audience.presenceWatchersOf(userId);
    this.options.realtime.toUsers(watchers, 'presence', toPresence(userId, change.state));
  }
}

function toPresence(userId: string, state: PresenceState): Presence {
  return {
    userId,
    isOnline: state.isOnline,
    lastSeen: state.lastSeen === null ? null : new Date(state.lastSeen).toISOString(),
    version: state.version,
  };
}
