import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Runs `work` in a transaction shared with other work submitted at about the same time, and
 * settles only once that transaction is committed. `key` orders the work in a group.
 */
export type GroupedTransact<R> = <T>(
  key: string,
  work: (repositories: R) => Promise<T>,
) => Promise<T>;

interface Job<R> {
  key: string;
  work: (repositories: R) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/** Most units of work in one transaction. */
const maxGroup = 256;

/**
 * A small write queue: one commit per message was the largest cost of a send (each commit is a
 * WAL write), so work arriving while a commit is in flight waits and is then committed together.
 * When the queue is idle, work waits one turn of the event loop (see drain).
 *
 * - Each unit runs in a savepoint of its own: one that fails is rolled back alone and gets its
 *   own error, the others are committed.
 * - Results and errors are handed out only after the commit: nothing is reported stored before
 *   it is durable. If the commit fails, every unit of the group gets that error.
 * - A group runs in the order of `key` (stable, so work with one key keeps its arrival order):
 *   on PostgreSQL, where several servers write at once, groups take their row locks in one
 *   order and cannot deadlock one another.
 */
export function groupedTransactor<R>(
  db: Kysely<Database>,
  bind: (db: Kysely<Database>) => R,
): GroupedTransact<R> {
  const waiting: Job<R>[] = [];
  let running = false;

  /** Takes what is waiting once the transaction has begun, so work arriving meanwhile joins. */
  async function commitNextGroup(): Promise<void> {
    let group: Job<R>[] = [];
    const outcomes: Outcome[] = [];
    try {
      const trx = await db.startTransaction().execute();
      group = waiting.splice(0, maxGroup);
      group.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      try {
        if (group.length === 1) {
          // Alone: the transaction itself is the unit, no savepoint needed.
          outcomes.push({ ok: true, value: await group[0]!.work(bind(trx)) });
        } else {
          // One savepoint name for every unit (each is let go before the next): a name per
          // unit made hundreds of distinct statements per group, which pushed the hot queries
          // out of the SQLite statement cache.
          for (const job of group) {
            const unit = await trx.savepoint('unit').execute();
            try {
              const value = await job.work(bind(unit));
              await unit.releaseSavepoint('unit').execute();
              outcomes.push({ ok: true, value });
            } catch (error) {
              const undone = await unit.rollbackToSavepoint('unit').execute();
              await undone.releaseSavepoint('unit').execute();
              outcomes.push({ ok: false, error });
            }
          }
        }
        await trx.commit().execute();
      } catch (error) {
        await trx
          .rollback()
          .execute()
          .catch(() => undefined);
        throw error;
      }
    } catch (error) {
      // Not begun or not committed: nothing of the group is stored.
      if (group.length === 0) group = waiting.splice(0, maxGroup);
      for (const job of group) job.reject(error);
      return;
    }
    for (const [index, job] of group.entries()) {
      const outcome = outcomes[index]!;
      if (outcome.ok) job.resolve(outcome.value);
      else job.reject(outcome.error);
    }
  }

  async function drain(): Promise<void> {
    running = true;
    while (waiting.length > 0) {
      // Let the event loop read what the sockets already hold before a group is taken: with a
      // synchronous driver (SQLite) nothing else runs while a group is written, so without this
      // turn a group would hold only what arrived in one read, and each commit costs the same.
      await new Promise((resolve) => setImmediate(resolve));
      await commitNextGroup();
    }
    running = false;
  }

  return <T>(key: string, work: (repositories: R) => Promise<T>) =>
    new Promise<T>((resolve, reject) => {
      waiting.push({ key, work, resolve: resolve as (value: unknown) => void, reject });
      if (!running) void drain();
    });
}
