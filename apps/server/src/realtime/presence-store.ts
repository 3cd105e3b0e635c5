/** A user's presence as others see it. */
export interface PresenceState {
  /** At least one of the user's tabs is connected and not marked away. */
  isOnline: boolean;
  /** Epoch ms of the last moment the user was online (now while online); null if never seen. */
  lastSeen: number | null;
  /**
   * Grows with each flip, whichever node counted it, and each `stamp`; 0 before the first. At
   * least the moment of the change in microseconds, so it keeps growing when the store starts
   * again empty.
   */
  version: number;
}

/** What a change did to the user's presence: `changed` when `isOnline` flipped. */
export interface PresenceChange {
  changed: boolean;
  state: PresenceState;
}

/**
 * Where presence is counted: every connected socket (tab or device) of a user, each active or
 * away. The memory store serves one node; a store shared by several nodes (Redis) implements
 * the same calls, each atomic, so that exactly one node sees a user's flip and announces it.
 */
export interface PresenceStore {
  /** A socket of the user connected; it counts as active. */
  connect(userId: string, socketId: string, now: number): Promise<PresenceChange>;
  /** The tab says it is active (true) or away (false). Unknown sockets change nothing. */
  setActive(
    userId: string,
    socketId: string,
    active: boolean,
    now: number,
  ): Promise<PresenceChange>;
  /** A socket left; the user goes offline only when it was the last active one. */
  disconnect(userId: string, socketId: string, now: number): Promise<PresenceChange>;
  get(userId: string, now: number): Promise<PresenceState>;
  /**
   * A new version of the user's presence without a flip: for a notice sent to one viewer
   * (what they may see of the user changed), so that it supersedes every flip announced before
   * it and the next flip supersedes it.
   */
  stamp(userId: string, now: number): Promise<number>;
  /** Which of these users are online. */
  onlineAmong(userIds: readonly string[]): Promise<Set<string>>;
  /**
   * Flips that no call of this node caused (a dead node's sockets swept, a resync after an
   * outage): the listener announces them. A single-node store never has any.
   */
  onFlip(listener: (userId: string, change: PresenceChange) => void): void;
  /** Stops background work (the server is closing). */
  close(): void;
}

export class MemoryPresenceStore implements PresenceStore {
  /** userId → socketId → active. A user with no socket has no entry. */
  private readonly tabsByUser = new Map<string, Map<string, boolean>>();
  /** userId → the moment the user was last online, kept after they leave. */
  private readonly lastOnline = new Map<string, number>();
  /** userId → the version of the user's last flip or stamp (PresenceState.version). */
  private readonly versions = new Map<string, number>();

  connect(userId: string, socketId: string, now: number): Promise<PresenceChange> {
    return this.change(userId, now, (tabs) => tabs.set(socketId, true));
  }

  setActive(
    userId: string,
    socketId: string,
    active: boolean,
    now: number,
  ): Promise<PresenceChange> {
    return this.change(userId, now, (tabs) => {
      if (tabs.has(socketId)) tabs.set(socketId, active);
    });
  }

  disconnect(userId: string, socketId: string, now: number): Promise<PresenceChange> {
    return this.change(userId, now, (tabs) => tabs.delete(socketId));
  }

  get(userId: string, now: number): Promise<PresenceState> {
    return Promise.resolve(this.state(userId, now));
  }

  onlineAmong(userIds: readonly string[]): Promise<Set<string>> {
    return Promise.resolve(new Set(userIds.filter((userId) => this.isOnline(userId))));
  }

  stamp(userId: string, now: number): Promise<number> {
    return Promise.resolve(this.nextVersion(userId, now));
  }

  onFlip(): void {}

  close(): void {}

  /** Every socket this store holds, for a shared store that resyncs from it. */
  localSockets(): { userId: string; socketId: string; active: boolean }[] {
    return [...this.tabsByUser.entries()].flatMap(([userId, tabs]) =>
      [...tabs].map(([socketId, active]) => ({ userId, socketId, active })),
    );
  }

  private change(
    userId: string,
    now: number,
    apply: (tabs: Map<string, boolean>) => void,
  ): Promise<PresenceChange> {
    const before = this.isOnline(userId);
    if (before) this.lastOnline.set(userId, now);
    const tabs = this.tabsByUser.get(userId) ?? new Map<string, boolean>();
    apply(tabs);
    if (tabs.size > 0) this.tabsByUser.set(userId, tabs);
    else this.tabsByUser.delete(userId);
    const changed = this.isOnline(userId) !== before;
    if (changed) this.nextVersion(userId, now);
    return Promise.resolve({ changed, state: this.state(userId, now) });
  }

  private nextVersion(userId: string, now: number): number {
    const version = Math.max(now * 1000, (this.versions.get(userId) ?? 0) + 1);
    this.versions.set(userId, version);
    return version;
  }

  private isOnline(userId: string): boolean {
    const tabs = this.tabsByUser.get(userId);
    if (!tabs) return false;
    for (const active of tabs.values()) if (active) return true;
    return false;
  }

  private state(userId: string, now: number): PresenceState {
    const isOnline = this.isOnline(userId);
    if (isOnline) this.lastOnline.set(userId, now);
    return {
      isOnline,
      lastSeen: this.lastOnline.get(userId) ?? null,
      version: this.versions.get(userId) ?? 0,
    };
  }
}
