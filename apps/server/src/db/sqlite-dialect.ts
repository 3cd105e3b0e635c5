import type SQLite from 'better-sqlite3';
import {
  SqliteDialect,
  type DatabaseConnection,
  type Driver,
  type QueryCompiler,
  type SqliteDatabase,
  type TransactionSettings,
} from 'kysely';

/**
 * Kysely's SQLite dialect with two fixes that matter under load (many sockets sending at once):
 *
 * - Its one connection is guarded by a mutex that wakes every waiter on each release (all but
 *   one go back to sleep), so the cost of a query grew with the number of queries waiting and
 *   throughput collapsed at a few hundred concurrent requests. Here waiters queue and are
 *   handed the connection one at a time, in arrival order.
 * - It prepares every query anew, which costs as much as running a small one. Statements are
 *   kept by their SQL text (the most recently used few hundred) and reused.
 */
export function sqliteDialect(sqlite: SQLite.Database): SqliteDialect {
  return new QueuedSqliteDialect({ database: withStatementCache(sqlite) });
}

class QueuedSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    return new QueuedDriver(super.createDriver());
  }
}

/** Lets one caller at a time through to the wrapped driver, first come first served. */
class QueuedDriver implements Driver {
  private readonly waiting: (() => void)[] = [];
  private busy = false;

  constructor(private readonly inner: Driver) {}

  init(): Promise<void> {
    return this.inner.init();
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    // A released connection is handed straight to the next waiter (busy stays true), so
    // nobody arriving in between can overtake the queue.
    if (this.busy) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.busy = true;
    return this.inner.acquireConnection();
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    await this.inner.releaseConnection(connection);
    const next = this.waiting.shift();
    if (next) next();
    else this.busy = false;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.inner.beginTransaction(connection, settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.commitTransaction(connection);
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.inner.rollbackTransaction(connection);
  }

  savepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.inner.savepoint!(connection, name, compileQuery);
  }

  rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.inner.rollbackToSavepoint!(connection, name, compileQuery);
  }

  releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    return this.inner.releaseSavepoint!(connection, name, compileQuery);
  }

  destroy(): Promise<void> {
    return this.inner.destroy();
  }
}

const statementCacheSize = 500;

/** Reuses prepared statements; one still marked busy (being iterated) is never handed out. */
function withStatementCache(sqlite: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      const cached = cache.get(sql);
      cache.delete(sql);
      const statement = cached && !cached.busy ? cached : sqlite.prepare(sql);
      cache.set(sql, statement);
      if (cache.size > statementCacheSize) cache.delete(cache.keys().next().value!);
      return statement;
    },
  };
}
