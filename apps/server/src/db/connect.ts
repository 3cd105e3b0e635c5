import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { makePrivateDirSync, makePrivateFileSync, tightenFileSync } from '../lib/private-files';
import type { Database, Engine } from './schema';
import { sqliteDialect } from './sqlite-dialect';
import { startWalCheckpointer } from './write-pipeline/wal-checkpointer';

export interface DatabaseHandle {
  db: Kysely<Database>;
  /**
   * For reads that need no transaction: on SQLite a connection of its own, so that they never
   * wait for a transaction of `db` (its one connection is handed out one caller at a time);
   * on PostgreSQL the same pool as `db`.
   */
  reads: Kysely<Database>;
  engine: Engine;
  /** The SQLite database file; undefined on PostgreSQL. */
  file?: string;
  /** The SQLite connection `db` runs on (the send store writes on it when its thread fails). */
  sqlite?: SQLite.Database;
  /** Closes every connection; safe to call twice. */
  close(): Promise<void>;
}

// int8 (bigint) arrives as a string by default; our bigints are epoch milliseconds and counters,
// far below 2^53, so numbers are exact.
pg.types.setTypeParser(20, (value) => Number(value));

export function connectDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  /** Told when SQLite's WAL checkpointer thread fails (the main connection takes over). */
  onCheckpointerFailure?: (error: unknown) => void;
}): DatabaseHandle {
  if (options.databaseUrl) return connectPostgres(options.databaseUrl);
  return connectSqlite(join(options.dataDir, 'confab.db'), options.onCheckpointerFailure);
}

function connectPostgres(url: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, reads: db, engine: 'postgres', close: once(() => db.destroy()) };
}

export function connectSqlite(
  file: string,
  onCheckpointerFailure?: (error: unknown) => void,
): DatabaseHandle {
  makePrivateDirSync(join(file, '..'));
  // SQLite creates files 0644 (less the umask) and gives the WAL and shared-memory files the
  // database file's mode: the database is made 0600 before SQLite opens it, and files left
  // by an older version are tightened.
  makePrivateFileSync(file);
  for (const suffix of ['-wal', '-shm', '-journal']) tightenFileSync(`${file}${suffix}`);
  const sqlite = new SQLite(file);
  // WAL lets readers run beside the writer; NORMAL sync is durable across process crashes
  // (only an OS crash can lose the last transactions).
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // A WAL that grew in a burst is cut back to this size once it starts over.
  sqlite.pragma(`journal_size_limit = ${32 * 1024 * 1024}`);
  const checkpointer = startWalCheckpointer(sqlite, file, onCheckpointerFailure);
  const db = new Kysely<Database>({ dialect: sqliteDialect(sqlite) });
  const reader = new SQLite(file);
  reader.pragma('query_only = ON');
  reader.pragma('busy_timeout = 5000');
  const reads = new Kysely<Database>({ dialect: sqliteDialect(reader) });
  return {
    db,
    reads,
    engine: 'sqlite',
    file,
    sqlite,
    // The main connection closes last: the last one to close removes the WAL.
    close: once(async () => {
      await checkpointer.stop();
      await reads.destroy();
      await db.destroy();
    }),
  };
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | undefined;
  return () => (done ??= fn());
}
