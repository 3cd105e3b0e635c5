/**
 * Table types for Kysely. Times are epoch milliseconds (bigint in PostgreSQL, integer in
 * SQLite); booleans are 0/1 integers so one set of migrations serves both engines.
 */
export interface UsersTable {
  id: string;
  username: string;
  /** Lower-cased username: the unique key, so "Alice" and "alice" are one account. */
  username_key: string;
  email: string;
  email_key: string;
  password_hash: string;
  created_at: number;
  updated_at: number;
}

export interface SessionsTable {
  /** SHA-256 of the cookie's token. */
  id: string;
  user_id: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  user_agent: string | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
}

export type Engine = 'sqlite' | 'postgres';
