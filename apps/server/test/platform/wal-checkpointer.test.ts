import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { connectSqlite, type DatabaseHandle } from '../../src/db/connect';
import { startWalCheckpointer } from '../../src/db/write-pipeline/wal-checkpointer';
import { eventually } from '../helpers/mcp';

/** Rows of about 1 KB: 4,000 of them are about 1,000 WAL pages, SQLite's own checkpoint size. */
async function writeRows(handle: DatabaseHandle, transactions: number, perTransaction = 100) {
  for (let t = 0; t < transactions; t += 1) {
    await handle.db.transaction().execute(async (trx) => {
      for (let i = 0; i < perTransaction; i += 1) {
        await sql`insert into notes (body) values (${'x'.repeat(1000)})`.execute(trx);
      }
    });
  }
}

describe("SQLite's WAL is checkpointed off the event loop", () => {
  let dir: string;
  let file: string;
  let handle: DatabaseHandle;
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'confab-wal-'));
    file = join(dir, 'test.db');
    handle = connectSqlite(file);
    await sql`create table notes (id integer primary key, body text not null)`.execute(handle.db);
  });
  afterEach(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('leaves no checkpoint to the commits of the main connection', async () => {
    const setting = await sql<{
      wal_autocheckpoint: number;
    }>`pragma wal_autocheckpoint`.execute(handle.db);
    expect(setting.rows[0]!.wal_autocheckpoint).toBe(0);
  });

  it('copies committed pages into the database file while the app keeps its connection', async () => {
    const before = statSync(file).size;
    await writeRows(handle, 20);
    // 2 MB were committed to the WAL; only a checkpoint puts them into the file itself.
    await eventually(async () => statSync(file).size > before + 1_500_000);
    const count = await sql<{ n: number }>`select count(*) as n from notes`.execute(handle.db);
    expect(count.rows[0]!.n).toBe(2000);
  });

  it('keeps the WAL from growing under a long stream of commits', async () => {
    // 12 MB in all, in rounds with a pause: the checkpointer copies each round and the WAL
    // starts over, so it stays near one round's size instead of holding everything.
    for (let round = 0; round < 6; round += 1) {
      await writeRows(handle, 20);
      await new Promise((resolve) => setTimeout(resolve, 450));
    }
    expect(statSync(`${file}-wal`).size).toBeLessThan(6_000_000);
    expect(statSync(file).size).toBeGreaterThan(11_000_000);
  });

  it('closes its own connection on close, so the WAL is removed with the last one', async () => {
    const before = statSync(file).size;
    await writeRows(handle, 2);
    // The checkpointer's connection is open once it has copied something.
    await eventually(async () => statSync(file).size > before);
    expect(existsSync(`${file}-wal`)).toBe(true);
    await handle.close();
    expect(existsSync(`${file}-wal`)).toBe(false);
    // Reopening finds every row.
    handle = connectSqlite(file);
    const count = await sql<{ n: number }>`select count(*) as n from notes`.execute(handle.db);
    expect(count.rows[0]!.n).toBe(200);
  });

  it('truncates the WAL a burst made large once the database has been idle a while', async () => {
    // A connection of its own with a checkpointer whose idle delay is short (60 s in the app).
    const burstFile = join(dir, 'burst.db');
    const sqlite = new SQLite(burstFile);
    sqlite.pragma('journal_mode = WAL');
    sqlite.exec('create table notes (id integer primary key, body text not null)');
    const checkpointer = startWalCheckpointer(sqlite, burstFile, undefined, { idleMs: 50 });
    try {
      // One transaction of about 20 MB: the WAL holds all of it until the commit.
      const insert = sqlite.prepare('insert into notes (body) values (?)');
      sqlite.transaction(() => {
        for (let i = 0; i < 20_000; i += 1) insert.run('x'.repeat(1000));
      })();
      expect(statSync(`${burstFile}-wal`).size).toBeGreaterThan(15_000_000);
      // Copied into the database file, then cut back: the WAL no longer keeps its high-water
      // size until the server stops.
      await eventually(async () => statSync(`${burstFile}-wal`).size === 0, 20);
      const count = sqlite.prepare('select count(*) as n from notes').get() as { n: number };
      expect(count.n).toBe(20_000);
      // Writes after the cut go on as before.
      insert.run('after');
      expect(statSync(`${burstFile}-wal`).size).toBeGreaterThan(0);
    } finally {
      await checkpointer.stop();
      sqlite.close();
    }
  });

  it('says so when its thread fails, and the main connection checkpoints by itself again', async () => {
    const sqlite = new SQLite(join(dir, 'other.db'));
    try {
      sqlite.pragma('journal_mode = WAL');
      const failures: unknown[] = [];
      // A file in a folder that does not exist: the thread cannot open it.
      const checkpointer = startWalCheckpointer(sqlite, join(dir, 'missing', 'x.db'), (error) =>
        failures.push(error),
      );
      expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
      await eventually(async () => failures.length > 0, 20);
      await eventually(
        async () => sqlite.pragma('wal_autocheckpoint', { simple: true }) === 1000,
        20,
      );
      expect(failures).toHaveLength(1);
      await checkpointer.stop();
    } finally {
      sqlite.close();
    }
  });
});
