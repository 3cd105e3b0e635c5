import type { Kysely, Selectable } from 'kysely';
import type { Database, SessionsTable, UsersTable } from '../db/schema';
import { precompiled } from '../db/precompiled';

export type SessionRow = Selectable<SessionsTable>;
export type SessionWithUser = SessionRow & {
  user: Pick<Selectable<UsersTable>, 'id' | 'username' | 'email' | 'role'>;
};

/** Every request with a session cookie runs it first: compiled once, not per request. */
const activeSessionWithUser = precompiled(['id', 'now'], (db, v: { id: string; now: number }) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id',
      'sessions.user_id',
      'sessions.created_at',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'sessions.user_agent',
      'users.username',
      'users.email',
      'users.role',
    ])
    .where('sessions.id', '=', v.id)
    .where('sessions.expires_at', '>', v.now),
);

export class SessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(session: SessionRow): Promise<void> {
    await this.db.insertInto('sessions').values(session).execute();
  }

  async findActiveWithUser(id: string, now: number): Promise<SessionWithUser | undefined> {
    const [row] = (await activeSessionWithUser(this.db, { id, now })).rows;
    if (!row) return undefined;
    const { username, email, role, ...session } = row;
    return { ...session, user: { id: session.user_id, username, email, role } };
  }

  /** The ids among these of sessions that exist and have not expired. */
  async activeAmong(ids: readonly string[], now: number): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('sessions')
      .select('id')
      .where('id', 'in', ids)
      .where('expires_at', '>', now)
      .execute();
    return new Set(rows.map((row) => row.id));
  }

  async touch(id: string, lastSeenAt: number, expiresAt: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ last_seen_at: lastSeenAt, expires_at: expiresAt })
      .where('id', '=', id)
      .execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id', '=', id).execute();
  }

  async deleteAllForUser(userId: string): Promise<number> {
    const result = await this.db
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  async deleteExpired(now: number): Promise<number> {
    const result = await this.db
      .deleteFrom('sessions')
      .where('expires_at', '<=', now)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
