import pg from 'pg';
import { Redis } from 'ioredis';

/** Says once, loudly, which real services the run uses and which suites it skips. */
export default async function globalSetup(): Promise<void> {
  await checkPostgres();
  await checkRedis();
}

async function checkRedis(): Promise<void> {
  const url = process.env.TEST_REDIS_URL;
  if (!url) {
    console.warn(
      '\n[confab] Redis suites SKIPPED: TEST_REDIS_URL is not set (npm test sets it when a server answers on 127.0.0.1:6379).\n',
    );
    return;
  }
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 0,
  });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.ping();
  } catch (error) {
    throw new Error(`TEST_REDIS_URL is set but Redis does not answer: ${String(error)}`, {
      cause: error,
    });
  } finally {
    client.disconnect();
  }
  console.info(`\n[confab] Redis suites run against ${new URL(url).host}\n`);
}

async function checkPostgres(): Promise<void> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    console.warn(
      '\n[confab] PostgreSQL suites SKIPPED: TEST_DATABASE_URL is not set (npm test sets it when a server answers on 127.0.0.1:5432).\n',
    );
    return;
  }
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('select 1');
  } catch (error) {
    throw new Error(`TEST_DATABASE_URL is set but PostgreSQL does not answer: ${String(error)}`, {
      cause: error,
    });
  } finally {
    await client.end().catch(() => {});
  }
  console.info(`\n[confab] PostgreSQL suites run against ${new URL(url).host}\n`);
}
