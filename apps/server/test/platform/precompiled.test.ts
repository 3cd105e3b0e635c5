import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompiled } from '../../src/db/precompiled';
import { databaseTargets } from '../helpers/database-targets';
import { startTestApp, type TestApp } from '../helpers/test-app';

type NewUser = {
  id: string;
  name: string;
  email: string | null;
  at: number;
};

// The username is given twice (as username and as its key), and the hash is a constant of
// the query: both must survive the swap of values.
const insertUser = precompiled<NewUser, never>(['id', 'name', 'email', 'at'], (db, v) =>
  db.insertInto('users').values({
    id: v.id,
    username: v.name,
    username_key: v.name,
    email: v.email as string,
    email_key: sql`lower(${v.email})`,
    password_hash: 'not-a-hash',
    created_at: v.at,
    updated_at: v.at,
  }),
);

const findUser = precompiled(['name'], (db, v: { name: string }) =>
  db
    .selectFrom('users')
    .select(['id', 'username_key', 'email', 'password_hash', 'created_at'])
    .where('username_key', '=', v.name)
    .where('password_hash', '=', 'not-a-hash'),
);

const insertSession = precompiled(
  ['id', 'userId', 'userAgent'],
  (db, v: { id: string; userId: string; userAgent: string | undefined }) =>
    db.insertInto('sessions').values({
      id: v.id,
      user_id: v.userId,
      created_at: 0,
      last_seen_at: 0,
      expires_at: 0,
      user_agent: v.userAgent,
    }),
);

describe.each(databaseTargets)('a precompiled query ($engine)', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(target);
  });
  afterAll(() => t.close());

  it('runs with the values of each call, keeping its own constants', async () => {
    const db = t.app.database.db;
    for (const [index, name] of ['ann', 'bob', 'cy'].entries()) {
      await insertUser(db, { id: `id-${name}`, name, email: `${name}@x.test`, at: index });
    }
    for (const [index, name] of ['ann', 'bob', 'cy'].entries()) {
      expect((await findUser(db, { name })).rows).toEqual([
        {
          id: `id-${name}`,
          username_key: name,
          email: `${name}@x.test`,
          password_hash: 'not-a-hash',
          created_at: index,
        },
      ]);
    }
    expect((await findUser(db, { name: 'nobody' })).rows).toEqual([]);
  });

  it('stores a value left undefined as NULL (as both drivers bind it)', async () => {
    const db = t.app.database.db;
    await insertUser(db, { id: 'id-fay', name: 'fay', email: 'fay@x.test', at: 0 });
    for (const userAgent of ['Firefox', undefined]) {
      await insertSession(db, { id: `s-${userAgent}`, userId: 'id-fay', userAgent });
    }
    const stored = await db
      .selectFrom('sessions')
      .select(['id', 'user_agent'])
      .where('user_id', '=', 'id-fay')
      .orderBy('id')
      .execute();
    expect(stored).toEqual([
      { id: 's-Firefox', user_agent: 'Firefox' },
      { id: 's-undefined', user_agent: null },
    ]);
  });

  it('runs inside a transaction, on its connection', async () => {
    const db = t.app.database.db;
    await db
      .transaction()
      .execute(async (trx) => {
        await insertUser(trx, { id: 'id-eve', name: 'eve', email: 'eve@x.test', at: 2 });
        expect((await findUser(trx, { name: 'eve' })).rows).toHaveLength(1);
        throw new Error('undo');
      })
      .catch(() => undefined);
    expect((await findUser(db, { name: 'eve' })).rows).toEqual([]);
  });
});

describe('a precompiled query that does not use a named value', () => {
  it('is refused when first run, naming the value', async () => {
    const t = await startTestApp();
    try {
      const broken = precompiled(['name', 'unused'], (db, v: { name: string; unused: string }) =>
        db.selectFrom('users').select('id').where('username_key', '=', v.name),
      );
      await expect(broken(t.app.database.db, { name: 'a', unused: 'b' })).rejects.toThrow(
        'precompiled query never uses unused',
      );
    } finally {
      await t.close();
    }
  });
});
