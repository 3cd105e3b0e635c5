import { Migrator, type Kysely, type MigrationProvider } from 'kysely';
import { migrations } from './migrations/index';

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

/**
 * Brings the schema up to date. Kysely takes a lock (an advisory lock on PostgreSQL), so
 * several nodes starting together migrate once.
 */
// Migrations work on a schema that is still changing, so they use an untyped handle.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function migrateToLatest(db: Kysely<any>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error('migration failed', { cause: error });
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
