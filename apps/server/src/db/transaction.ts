import type { Kysely } from 'kysely';
import type { Database } from './schema';

/** Runs `work` in one database transaction, with repositories bound to it. */
export type Transact<R> = <T>(work: (repositories: R) => Promise<T>) => Promise<T>;

export function transactor<R>(
  db: Kysely<Database>,
  bind: (db: Kysely<Database>) => R,
): Transact<R> {
  return (work) => db.transaction().execute((trx) => work(bind(trx)));
}
