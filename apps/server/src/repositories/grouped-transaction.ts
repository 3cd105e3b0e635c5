import type { ControlledTransaction, Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Runs `work` in a transaction shared with other work submitted at about the same time, and
 * settles only once that transaction is committed. `key` orders the work in a group. `work` may
 * run more than once (again after a rollback), so it must do nothing but its queries.
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
 * - A group first runs its units one after another in the transaction, with nothing between
 *   them. If one fails, the whole transaction is rolled back and the group runs again with each
 *   unit in a savepoint of its own: the failing one is rolled back alone and gets its own error,
 *   the others are committed. Units rarely fail (a raced clientId, a chat deleted meanwhile), and
 *   two savepoint statements per unit cost a send about a sixth of its time, so savepoints are
 *   only paid for when needed. A unit may therefore run twice: it must do nothing but its
 *   queries.
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

  /** Every unit in the transaction itself; undefined once one has failed (roll back then). */
  async function runTogether(
    trx: ControlledTransaction<Database>,
    group: Job<R>[],
  ): Promise<Outcome[] | undefined> {
    const outcomes: Outcome[] = [];
    for (const job of group) {
      try {
        outcomes.push({ ok: true, value: await job.work(bind(trx)) });
      } catch (error) {
        // Alone, the transaction is the unit: its error is the outcome and nothing is kept.
        if (group.length === 1) throw error;
        return undefined;
      }
    }
    return outcomes;
  }

  /** Each unit in a savepoint: one that fails is rolled back alone. */
  async function runIsolated(
    trx: ControlledTransaction<Database>,
    group: Job<R>[],
  ): Promise<Outcome[]> {
    const outcomes: Outcome[] = [];
    // One savepoint name for every unit (each is let go before the next): a name per unit made
    // hundreds of distinct statements per group, which pushed the hot queries out of the SQLite
    // statement cache.
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
    return outcomes;
  }

  /** Takes what is waiting once the transaction has begun, so work arriving meanwhile joins. */
  async function commitNextGroup(): Promise<void> {
    let group: Job<R>[] = [];
    let outcomes: Outcome[];
    try {
      let trx = await db.startTransaction().execute();
      group = waiting.splice(0, maxGroup);
      group.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
      try {
        const together = await runTogether(trx, group);
        if (together) outcomes = together;
        else {
          await trx.rollback().execute();
          trx = await db.startTransaction().execute();
          outcomes = await runIsolated(trx, group);
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
