import type {
  ChangePasswordBody,
  LoginBody,
  RegisterBody,
  SessionUser,
} from '@confab/protocol/auth';
import { AppError, badRequest, conflict, rateLimited, unauthenticated } from '../lib/app-error';
import type { AttemptLimiter } from '../lib/attempt-limiter';
import { newId } from '../lib/ids';
import { decoyPasswordHash, hashPassword, verifyPassword } from '../lib/password';
import { hashSessionToken, looksLikeSessionToken, newSessionToken } from '../lib/session-token';
import { isUniqueViolation } from '../db/errors';
import { normaliseKey, sessionUserOf, type UserRepository } from '../repositories/user.repository';
import type { SessionRepository } from '../repositories/session.repository';
import type { Transact } from '../db/transaction';
import type { SessionCache } from './session-cache';

/** The repositories a password change writes together. */
export interface AccountStore {
  users: UserRepository;
  sessions: SessionRepository;
}

export interface AuthenticatedSession {
  user: SessionUser;
  /** Hash of the token: the session's id. */
  sessionId: string;
  loggedInAt: number;
}

export interface IssuedSession extends AuthenticatedSession {
  /** The raw token for the cookie; never stored. */
  token: string;
  expiresAt: number;
}

/** Who is signing in: the browser's name for itself and the client address (`request.ip`). */
export interface SignInClient {
  userAgent: string | null;
  address: string;
}

/**
 * Closes the sockets a session authorised (the realtime hub). A socket carries the user of the
 * session it was opened with, so it must not outlive that session.
 */
export interface SessionSockets {
  /** Resolves once other nodes were told (or could not be in time); see RealtimeHub. */
  disconnectSession(sessionId: string): Promise<void>;
  disconnectUser(userId: string): Promise<void>;
}

interface AuthServiceOptions {
  users: UserRepository;
  sessions: SessionRepository;
  /** Failed sign-ins per account and client address: a lock for that address alone. */
  loginAttempts: AttemptLimiter;
  /** Failed sign-ins per account from every address: short, growing waits, never a lock. */
  loginDelays: AttemptLimiter;
  /** Wrong current passwords per user, counted apart from sign-ins. */
  passwordChangeAttempts: AttemptLimiter;
  transact: Transact<AccountStore>;
  sessionTtlMs: number;
  sockets: SessionSockets;
  /** Sessions read moments ago (see SessionCache); this service forgets what it ends. */
  cache: SessionCache;
  now?: () => number;
}

// A session's expiry slides forward at most once an hour, so reads stay reads.
const touchIntervalMs = 60 * 60 * 1000;
const invalidLogin = 'Invalid username or password';

export class AuthService {
  private readonly now: () => number;

  constructor(private readonly options: AuthServiceOptions) {
    this.now = options.now ?? Date.now;
  }

  async register(body: RegisterBody, userAgent: string | null): Promise<IssuedSession> {
    const taken = await this.options.users.taken(body.username, body.email);
    if (taken.username || taken.email) throw takenError(taken);
    const now = this.now();
    try {
      const row = await this.options.users.create({
        id: newId(),
        username: body.username,
        email: body.email,
        passwordHash: await hashPassword(body.password),
        now,
      });
      return await this.issue(sessionUserOf(row), userAgent);
    } catch (error) {
      // Two registrations racing for one name: the database's unique key decides.
      if (isUniqueViolation(error)) {
        throw takenError(await this.options.users.taken(body.username, body.email));
      }
      throw error;
    }
  }

  /**
   * Failures are counted per account, whichever of its names was typed (an unknown name counts
   * as an account of its own, so it is answered exactly alike). A client address that fails
   * too often is locked out of that account; failures from all addresses together only make
   * each attempt wait a short, growing delay, so a stranger cannot keep the owner out.
   */
  async login(body: LoginBody, client: SignInClient): Promise<IssuedSession> {
    const user = await this.options.users.findByLogin(body.username);
    const account = user ? `user:${user.id}` : `name:${normaliseKey(body.username)}`;
    const fromHere = `${account} from ${client.address}`;
    const retryAfter = Math.max(
      await this.options.loginAttempts.retryAfter(fromHere),
      await this.options.loginDelays.retryAfter(account),
    );
    if (retryAfter > 0) {
      throw rateLimited(
        `Too many failed sign-in attempts. Try again in ${waitText(retryAfter)}.`,
        retryAfter,
      );
    }
    // Unknown users cost one hash too, so the answer's timing does not reveal accounts.
    const ok = await verifyPassword(
      body.password,
      user?.password_hash ?? (await decoyPasswordHash()),
    );
    if (!user || !ok) {
      await this.options.loginAttempts.recordFailure(fromHere);
      await this.options.loginDelays.recordFailure(account);
      throw new AppError(401, 'UNAUTHENTICATED', invalidLogin);
    }
    // The account's delay is left to run out: the owner signing in must not wipe a stranger's
    // count of guesses.
    await this.options.loginAttempts.reset(fromHere);
    return this.issue(sessionUserOf(user), client.userAgent);
  }

  /**
   * The session behind a cookie token, or null when the token is unknown, forged or expired.
   * `fresh`: read from the database even if this node read it moments ago (a socket, which
   * lives long on what it was opened with).
   */
  async authenticate(
    token: string | undefined,
    { fresh = false }: { fresh?: boolean } = {},
  ): Promise<AuthenticatedSession | null> {
    if (!token || !looksLikeSessionToken(token)) return null;
    const id = hashSessionToken(token);
    const now = this.now();
    const cached = fresh ? undefined : this.options.cache.get(id, now);
    // A session due to slide its expiry is read again, and touched.
    if (cached && now - cached.lastSeenAt <= touchIntervalMs) return authenticated(cached);
    const since = this.options.cache.mark();
    const session = await this.options.sessions.findActiveWithUser(id, now);
    if (!session) return null;
    let { last_seen_at: lastSeenAt, expires_at: expiresAt } = session;
    if (now - lastSeenAt > touchIntervalMs) {
      lastSeenAt = now;
      expiresAt = now + this.options.sessionTtlMs;
      await this.options.sessions.touch(id, lastSeenAt, expiresAt);
    }
    const read = {
      user: session.user,
      sessionId: id,
      loggedInAt: session.created_at,
      lastSeenAt,
      expiresAt,
    };
    this.options.cache.set(read, now, since);
    return authenticated(read);
  }

  /** Ends one session (sign-out, or a new sign-in replacing it) and closes its sockets. */
  async logout(token: string | undefined): Promise<void> {
    if (!token || !looksLikeSessionToken(token)) return;
    const id = hashSessionToken(token);
    await this.options.sessions.delete(id);
    this.options.cache.forget(id);
    await this.options.sockets.disconnectSession(id);
  }

  /**
   * Which of these sessions still exist and have not expired: the sockets of the others are
   * closed by the periodic check (an expiry, or a row deleted by another node or an operator).
   */
  async activeSessionIds(sessionIds: readonly string[]): Promise<Set<string>> {
    const active = await this.options.sessions.activeAmong(sessionIds, this.now());
    for (const id of sessionIds) if (!active.has(id)) this.options.cache.forget(id);
    return active;
  }

  /**
   * Changes the user's password after checking the current one. Every session of the user
   * ends, and the one making the change continues under a new token: a session stolen before
   * the change, this one's old cookie included, no longer works. Wrong current passwords count
   * like failed sign-ins, so a borrowed session cannot guess the password at leisure.
   */
  async changePassword(
    user: SessionUser,
    body: ChangePasswordBody,
    userAgent: string | null,
  ): Promise<IssuedSession & { endedSessions: number }> {
    const key = user.id;
    const retryAfter = await this.options.passwordChangeAttempts.retryAfter(key);
    if (retryAfter > 0) {
      throw rateLimited(
        `Too many wrong passwords. Try again in ${waitText(retryAfter)}.`,
        retryAfter,
      );
    }
    const row = await this.options.users.findById(user.id);
    if (!row) throw unauthenticated();
    if (!(await verifyPassword(body.currentPassword, row.password_hash))) {
      await this.options.passwordChangeAttempts.recordFailure(key);
      throw badRequest('The current password is wrong', {
        currentPassword: 'The current password is wrong',
      });
    }
    await this.options.passwordChangeAttempts.reset(key);
    const passwordHash = await hashPassword(body.newPassword);
    const now = this.now();
    const issued = this.newSession(sessionUserOf(row));
    const ended = await this.options.transact(async ({ users, sessions }) => {
      await users.setPasswordHash(row.id, passwordHash, now);
      const count = await sessions.deleteAllForUser(row.id);
      await sessions.create(sessionRow(issued, userAgent));
      return count;
    });
    this.options.cache.forgetUser(row.id);
    // Sockets were authorised by sessions that no longer exist; the asking browser's tabs
    // reconnect with the new cookie, other browsers find themselves signed out.
    await this.options.sockets.disconnectUser(row.id);
    // The session that asked is replaced, not ended, from the user's point of view.
    return { ...issued, endedSessions: Math.max(0, ended - 1) };
  }

  /** Ends every session of the user ("sign out everywhere"); the number of sessions ended. */
  async endAllSessions(user: SessionUser): Promise<number> {
    const ended = await this.options.sessions.deleteAllForUser(user.id);
    this.options.cache.forgetUser(user.id);
    await this.options.sockets.disconnectUser(user.id);
    return ended;
  }

  private async issue(user: SessionUser, userAgent: string | null): Promise<IssuedSession> {
    const session = this.newSession(user);
    await this.options.sessions.create(sessionRow(session, userAgent));
    return session;
  }

  /** A new random token and its session, not yet stored. */
  private newSession(user: SessionUser): IssuedSession {
    const token = newSessionToken();
    const now = this.now();
    return {
      user,
      token,
      sessionId: hashSessionToken(token),
      loggedInAt: now,
      expiresAt: now + this.options.sessionTtlMs,
    };
  }
}

function authenticated({
  user,
  sessionId,
  loggedInAt,
}: AuthenticatedSession): AuthenticatedSession {
  return { user, sessionId, loggedInAt };
}

function sessionRow(session: IssuedSession, userAgent: string | null) {
  return {
    id: session.sessionId,
    user_id: session.user.id,
    created_at: session.loggedInAt,
    last_seen_at: session.loggedInAt,
    expires_at: session.expiresAt,
    user_agent: userAgent?.slice(0, 256) ?? null,
  };
}

function waitText(seconds: number): string {
  return seconds < 60 ? `${seconds} second(s)` : `${Math.ceil(seconds / 60)} minute(s)`;
}

function takenError(taken: { username: boolean; email: boolean }): AppError {
  const fields: Record<string, string> = {};
  if (taken.username) fields.username = 'This username is already taken';
  if (taken.email) fields.email = 'This e-mail is already registered';
  const message =
    taken.username && taken.email
      ? 'This username and e-mail are already registered'
      : (fields.username ?? fields.email ?? 'Already registered');
  return conflict(message, fields);
}
