import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect } from 'kysely';
import { DatabaseAvailability, type AvailabilityListener } from './availability';
import { DatabaseTimeoutError } from './errors';
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
  /**
   * PostgreSQL: longest wait for a connection or for the answer to one statement; a connection
   * whose statement gets no answer in time is closed (a silent network never answers).
   */
  databaseTimeoutMs?: number;
  /** PostgreSQL: told when the database stops answering and when it answers again. */
  onAvailabilityChange?: AvailabilityListener;
  /** Told when SQLite's WAL checkpointer thread fails (the main connection takes over). */
  onCheckpointerFailure?: (error: unknown) => void;
}): DatabaseHandle {
  if (options.databaseUrl) {
    return connectPostgres(
      options.databaseUrl,
      options.databaseTimeoutMs ?? 10_000,
      new DatabaseAvailability(options.onAvailabilityChange),
    );
  }
  return connectSqlite(join(options.dataDir, 'confab.db'), options.onCheckpointerFailure);
}

/**
 * A pool whose connections may break at any time (a restarted server, pg_terminate_backend, a
 * network reset or silence) without ending the process: the statements in flight fail with an
 * error that isDatabaseUnavailable recognises, the broken connection is dropped, and the next
 * statement opens a new one.
 */
function connectPostgres(
  url: string,
  timeoutMs: number,
  availability: DatabaseAvailability,
): DatabaseHandle {
  const pool = new pg.Pool({ connectionString: url, max: 10, connectionTimeoutMillis: timeoutMs });
  // An idle client losing its connection: the pool drops it (this listener keeps the process).
  pool.on('error', (error) => availability.settled(error));
  pool.on('connect', (client) => watchClient(client, timeoutMs, availability));
  const watched = {
    connect: () =>
      pool.connect().catch((error: unknown) => {
        availability.settled(error);
        throw error;
      }),
    end: () => pool.end(),
  };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: watched }) });
  return { db, reads: db, engine: 'postgres', close: once(() => db.destroy()) };
}

function watchClient(
  client: pg.PoolClient,
  timeoutMs: number,
  availability: DatabaseAvailability,
): void {
  // `pg` emits 'error' on a client whose connection breaks, and pg-pool listens only while the
  // client is idle: without this listener a client in use would end the process. The statement
  // in flight is rejected with the same error, so its caller learns of it.
  client.on('error', (error) => availability.settled(error));
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const result = query(...args);
    if (!(result instanceof Promise)) return result;
    // pg's own query_timeout leaves the connection waiting for the late answer, and the pool
    // would hand it out again: closing the socket fails the statement and drops the client.
    const timer = setTimeout(
      () => client.connection.stream.destroy(new DatabaseTimeoutError(timeoutMs)),
      timeoutMs,
    );
    result.then(
      () => {
        clearTimeout(timer);
        availability.settled();
      },
      (error: unknown) => {
        clearTimeout(timer);
        availability.settled(error);
      },
    );
    return result;
  }) as typeof client.query;
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
