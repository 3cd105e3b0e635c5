import type { SessionUser } from '@confab/protocol/auth';

/** A session as the last database read found it. */
export interface CachedSession {
  user: SessionUser;
  sessionId: string;
  loggedInAt: number;
  lastSeenAt: number;
  expiresAt: number;
}

interface Entry {
  session: CachedSession;
  /** Until when the read may be reused, on the cache's clock. */
  until: number;
}

/**
 * Sessions read in the last `ttlMs`, by session id. Reading the session was the largest single
 * cost of a REST request after the socket writes (a database read on the main thread each time),
 * and one browser sends its requests in bursts.
 *
 * A sign-out, a password change and "sign out everywhere" forget the sessions they end, on this
 * node at once and on the others before they are answered (RealtimeHub's `sessionsEnded`); a
 * role change through AdminRolesService, on this node. What changes in the database behind the
 * app's back (the operator's `npm run admin`) is seen within `ttlMs`; sockets are opened on a
 * fresh read only. A `ttlMs` of 0 turns the cache off.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  /** Counts what was forgotten: a read begun before a forget is not kept (see set). */
  private forgets = 0;

  constructor(
    private readonly ttlMs: number,
    /** Most sessions kept; the oldest read goes first. */
    private readonly maxEntries = 10_000,
    /**
     * Measures the reuse time: a monotonic clock, so that the wall clock stepping back (an NTP
     * correction) cannot stretch it. A session's own expiry is wall-clock time (`now`).
     */
    private readonly clock: () => number = () => performance.now(),
  ) {}

  get(sessionId: string, now: number): CachedSession | undefined {
    const entry = this.entries.get(sessionId);
    if (!entry) return undefined;
    if (entry.until > this.clock() && entry.session.expiresAt > now) return entry.session;
    this.entries.delete(sessionId);
    return undefined;
  }

  /** Taken before reading a session from the database, and given to `set` with what was read. */
  mark(): number {
    return this.forgets;
  }

  /**
   * Keeps a session read from the database since `mark`. If anything was forgotten meanwhile,
   * the read may predate that end (a sign-out committed while it was on its way), so it is not
   * kept: the next request reads again.
   */
  set(session: CachedSession, now: number, since: number): void {
    if (this.ttlMs <= 0 || since !== this.forgets || session.expiresAt <= now) return;
    this.entries.delete(session.sessionId);
    this.entries.set(session.sessionId, { session, until: this.clock() + this.ttlMs });
    if (this.entries.size > this.maxEntries) {
      this.entries.delete(this.entries.keys().next().value!);
    }
  }

  /** Called once the session's end is committed, so no read that follows finds it again. */
  forget(sessionId: string): void {
    this.forgets += 1;
    this.entries.delete(sessionId);
  }

  /** Every session of the user (their role changed, or all their sessions ended). */
  forgetUser(userId: string): void {
    this.forgets += 1;
    for (const [sessionId, entry] of this.entries) {
      if (entry.session.user.id === userId) this.entries.delete(sessionId);
    }
  }
}
