import type { Kysely, Selectable } from 'kysely';
import type { Role, SessionUser } from '@confab/protocol/auth';
import type { Database, UsersTable } from '../db/schema';

export type UserRow = Selectable<UsersTable>;

/** What a session knows of an account; the role is the one stored with it. */
export const sessionUserOf = (row: UserRow): SessionUser => ({
  id: row.id,
  username: row.username,
  email: row.email,
  role: row.role,
});

export interface NewUser {
  id: string;
  username: string;
  email: string;
  passwordHash: string;
  now: number;
}

export const normaliseKey = (value: string) => value.trim().toLowerCase();

export class UserRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async create(user: NewUser): Promise<UserRow> {
    const row: UserRow = {
      id: user.id,
      username: user.username,
      username_key: normaliseKey(user.username),
      email: user.email,
      email_key: normaliseKey(user.email),
      password_hash: user.passwordHash,
      role: 'user',
      created_at: user.now,
      updated_at: user.now,
      display_name: null,
      avatar_version: null,
      last_seen_at: null,
    };
    await this.db.insertInto('users').values(row).execute();
    return row;
  }

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async setPasswordHash(id: string, passwordHash: string, now: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ password_hash: passwordHash, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** Gives the account named `username` (any case) the role; undefined when there is none. */
  setRole(username: string, role: Role): Promise<UserRow | undefined> {
    return this.db
      .updateTable('users')
      .set({ role })
      .where('username_key', '=', normaliseKey(username))
      .returningAll()
      .executeTakeFirst();
  }

  listByRole(role: Role): Promise<UserRow[]> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('role', '=', role)
      .orderBy('username_key')
      .execute();
  }

  /** By username or e-mail, case-insensitively. */
  findByLogin(login: string): Promise<UserRow | undefined> {
    const key = normaliseKey(login);
    return this.db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb.or([eb('username_key', '=', key), eb('email_key', '=', key)]))
      .executeTakeFirst();
  }

  /** Which of the two unique keys are already taken. */
  async taken(username: string, email: string): Promise<{ username: boolean; email: boolean }> {
    const usernameKey = normaliseKey(username);
    const emailKey = normaliseKey(email);
    const rows = await this.db
      .selectFrom('users')
      .select(['username_key', 'email_key'])
      .where((eb) => eb.or([eb('username_key', '=', usernameKey), eb('email_key', '=', emailKey)]))
      .execute();
    return {
      username: rows.some((r) => r.username_key === usernameKey),
      email: rows.some((r) => r.email_key === emailKey),
    };
  }

  async setDisplayName(id: string, displayName: string | null, now: number): Promise<void> {
    await this.db
      .updateTable('users')
      .set({ display_name: displayName, updated_at: now })
      .where('id', '=', id)
      .execute();
  }

  /** When the user's last socket went away; kept across restarts for "last seen". */
  async setLastSeen(id: string, at: number): Promise<void> {
    await this.db.updateTable('users').set({ last_seen_at: at }).where('id', '=', id).execute();
  }

  async lastSeenOf(id: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('users')
      .select('last_seen_at')
      .where('id', '=', id)
      .executeTakeFirst();
    return row?.last_seen_at ?? null;
  }

  /** The picture and the version in its address, both in one transaction. */
  async setAvatar(id: string, avatar: { mimeType: string; bytes: Buffer; now: number }) {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('user_avatars')
        .values({
          user_id: id,
          mime_type: avatar.mimeType,
          bytes: avatar.bytes,
          updated_at: avatar.now,
        })
        .onConflict((oc) =>
          oc.column('user_id').doUpdateSet({
            mime_type: avatar.mimeType,
            bytes: avatar.bytes,
            updated_at: avatar.now,
          }),
        )
        .execute();
      await trx
        .updateTable('users')
        .set({ avatar_version: avatar.now, updated_at: avatar.now })
        .where('id', '=', id)
        .execute();
    });
  }

  async removeAvatar(id: string, now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('user_avatars').where('user_id', '=', id).execute();
      await trx
        .updateTable('users')
        .set({ avatar_version: null, updated_at: now })
        .where('id', '=', id)
        .execute();
    });
  }

  findAvatar(id: string) {
    return this.db
      .selectFrom('user_avatars')
      .select(['mime_type', 'bytes', 'updated_at'])
      .where('user_id', '=', id)
      .executeTakeFirst();
  }
}
