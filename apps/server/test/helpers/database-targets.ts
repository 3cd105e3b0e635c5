import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The engines a suite runs against: SQLite always; PostgreSQL when TEST_DATABASE_URL names a
 * server (CI sets it). Each suite gets a database of its own, dropped when the suite ends.
 */
export type DatabaseTarget = { engine: 'sqlite' } | { engine: 'postgres'; serverUrl: string };

export const postgresServerUrl = process.env.TEST_DATABASE_URL || undefined;

export const databaseTargets: DatabaseTarget[] = [
  { engine: 'sqlite' },
  ...(postgresServerUrl ? [{ engine: 'postgres' as const, serverUrl: postgresServerUrl }] : []),
];

export interface ScratchPostgres {
  url: string;
  drop(): Promise<void>;
}

export async function createScratchPostgres(serverUrl: string): Promise<ScratchPostgres> {
  const name = `confab_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await withAdmin(serverUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
      );
    },
  };
}

async function withAdmin<T>(serverUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
