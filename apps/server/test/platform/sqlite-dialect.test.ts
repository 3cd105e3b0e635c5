import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectSqlite, type DatabaseHandle } from '../../src/db/connect';

describe('the SQLite connection under many concurrent callers', () => {
  let dir: string;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'confab-sqlite-'));
    handle = connectSqlite(join(dir, 'test.db'));
    await sql`create table counter (id integer primary key, value integer not null)`.execute(
      handle.db,
    );
    await sql`insert into counter (id, value) values (1, 0)`.execute(handle.db);
  });
  afterAll(async () => {
    await handle.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves queries in the order they came, and keeps transactions whole', async () => {
    const order: number[] = [];
    // Read-then-write transactions interleave wrongly unless each holds the connection alone.
    await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        handle.db.transaction().execute(async (trx) => {
          order.push(i);
          const row = await sql<{
            value: number;
          }>`select value from counter where id = 1`.execute(trx);
          await sql`update counter set value = ${row.rows[0]!.value + 1} where id = 1`.execute(trx);
        }),
      ),
    );
    expect(order).toEqual(Array.from({ length: 500 }, (_, i) => i));
    const final = await sql<{ value: number }>`select value from counter`.execute(handle.db);
    expect(final.rows[0]!.value).toBe(500);
  });

  it('reuses statements without mixing up their parameters', async () => {
    const values = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        sql<{ v: number }>`select ${i} as v`.execute(handle.db).then((r) => r.rows[0]!.v),
      ),
    );
    expect(values).toEqual(Array.from({ length: 50 }, (_, i) => i));
  });

  it('answers reads on their own connection while a transaction holds the main one', async () => {
    // The transaction waits for the read: on the main connection this would never end.
    const seen = await handle.db.transaction().execute(async (trx) => {
      await sql`update counter set value = -1 where id = 1`.execute(trx);
      const read = await sql<{ value: number }>`select value from counter`.execute(handle.reads);
      await sql`update counter set value = 500 where id = 1`.execute(trx);
      return read.rows[0]!.value;
    });
    // Only what was committed is seen.
    expect(seen).toBe(500);
    await expect(sql`update counter set value = 0`.execute(handle.reads)).rejects.toThrow(
      /readonly/,
    );
    const final = await sql<{ value: number }>`select value from counter`.execute(handle.reads);
    expect(final.rows[0]!.value).toBe(500);
  });
});
