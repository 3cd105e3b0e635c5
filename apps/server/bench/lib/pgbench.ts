// pgbench running a transaction of a send's shape on the bench's own database: the database's
// own rate on this machine, for Confab's rate to be read as a share of it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Peer } from './seed';

/** pgbench on the PATH, or the newest Debian install's; undefined when there is none. */
export function findPgbench(): string | undefined {
  if (spawnSync('pgbench', ['--version'], { stdio: 'ignore' }).status === 0) return 'pgbench';
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => join(root, v, 'bin/pgbench')).find((path) => existsSync(path));
}

// Bumps one chat's seq and stores a message at it, committed (synchronous_commit as the server
// has it): what every send does, without Confab's checks, unread counts and delivery.
const script = `\\set n random(1, :chats)
BEGIN;
UPDATE chats SET last_seq = last_seq + 1, updated_at = 0
  WHERE id = (SELECT chat_id FROM pgbench_chats WHERE n = :n) RETURNING last_seq AS seq \\gset
INSERT INTO messages (id, chat_id, seq, sender_id, client_id, content, content_type,
    attachment, created_at, edited_at, deleted, revision)
  SELECT gen_random_uuid()::text, chat_id, :seq, sender_id, gen_random_uuid()::text,
    'hello pgbench', 'text', NULL, 0, NULL, 0, 0
  FROM pgbench_chats WHERE n = :n;
END;
`;

/** Makes the table pgbench picks its chats from (one row per chat of `peers`). */
export async function preparePgbench(databaseUrl: string, peers: Peer[]): Promise<number> {
  const chats = peers.filter((_, index) => index % 2 === 0);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(
      'CREATE TABLE pgbench_chats (n integer PRIMARY KEY, chat_id text NOT NULL, sender_id text NOT NULL)',
    );
    await client.query(
      'INSERT INTO pgbench_chats SELECT * FROM unnest($1::int[], $2::text[], $3::text[])',
      [chats.map((_, i) => i + 1), chats.map((p) => p.chatId), chats.map((p) => p.userId)],
    );
  } finally {
    await client.end();
  }
  return chats.length;
}

/** Transactions per second of `clients` pgbench clients over `seconds`. */
export async function runPgbench(
  pgbench: string,
  databaseUrl: string,
  chats: number,
  options: { clients: number; seconds: number },
): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'confab-pgbench-'));
  try {
    const file = join(dir, 'send.sql');
    writeFileSync(file, script);
    const args = ['-n', '-c', String(options.clients), '-j', '2', '-T', String(options.seconds)];
    const child = spawn(pgbench, [...args, '-D', `chats=${chats}`, '-f', file, databaseUrl], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    const tps = /tps = ([\d.]+)/.exec(output)?.[1];
    if (code !== 0 || tps === undefined) throw new Error(`pgbench failed:\n${output}`);
    return Number(tps);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
