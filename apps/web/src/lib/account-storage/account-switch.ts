import { accountDatabaseNames, parkedDatabaseName, unclaimedOwner } from './account-databases';
import {
  clearDatabase,
  copyDatabase,
  deleteDatabase,
  holdsRecords,
  readDatabase,
  writeDatabase,
} from './database-copy';
import { ownerRecords, type OwnerRecords } from './owner-record';

/** The answer to "is the data found on this browser yours?". */
export type UnclaimedAnswer = 'mine' | 'not-mine' | 'delete';

const maxSteps = 8;

async function forEachDatabase(work: (name: string) => Promise<void>): Promise<void> {
  for (const name of accountDatabaseNames) await work(name);
}

const park = (owner: string) =>
  forEachDatabase((name) => copyDatabase(name, parkedDatabaseName(name, owner)));

const clearActive = () => forEachDatabase(clearDatabase);

const restore = (owner: string) =>
  forEachDatabase(async (name) => {
    const parked = await readDatabase(parkedDatabaseName(name, owner));
    if (parked) await writeDatabase(name, parked, 'replace');
    else await clearDatabase(name);
  });

/** Set-aside copies already put back are dropped; one left behind is replaced next time. */
const dropParked = (owner: string) =>
  forEachDatabase(async (name) => {
    try {
      await deleteDatabase(parkedDatabaseName(name, owner));
    } catch (error) {
      console.warn('A set-aside copy could not be deleted.', error);
    }
  });

async function holdsAnything(): Promise<boolean> {
  for (const name of accountDatabaseNames) if (await holdsRecords(name)) return true;
  return false;
}

/**
 * Moves the account stores to `target` (a user id, or null: signed out, the stores empty):
 * the current owner's data is set aside under `{name}@{owner}`, the stores are emptied, and
 * `target`'s set-aside data is put back. Rejects when IndexedDB fails; the owner record then
 * says where the switch stopped, and the caller must not use the stores.
 */
async function moveStores(records: OwnerRecords, target: string | null): Promise<void> {
  for (let step = 0; step < maxSteps; step++) {
    const record = await records.owner();
    if (!record) {
      // Stores from before owners were recorded: their data is nobody's until claimed.
      if (await holdsAnything()) await records.adoptUnclaimed();
      else await records.setOwner({ owner: null, phase: 'active' });
      continue;
    }
    const { owner, phase } = record;
    if (phase === 'active' && owner === target) return;
    if (phase === 'active' && owner !== null) {
      await park(owner);
      await records.setOwner({ owner, phase: 'parked' });
    } else if (phase === 'active' || phase === 'parked' || owner !== target) {
      // Empty (or a leftover of data set aside), or a restore for someone else cut short.
      await clearActive();
      await records.setOwner(
        target === null ? { owner: null, phase: 'active' } : { owner: target, phase: 'restoring' },
      );
    } else if (owner !== null) {
      await restore(owner);
      await records.setOwner({ owner, phase: 'active' });
      await dropParked(owner);
    }
  }
  throw new Error('The account stores did not settle');
}

async function settleUnclaimed(
  records: OwnerRecords,
  userId: string,
  ask: () => Promise<UnclaimedAnswer>,
): Promise<void> {
  const unclaimed = await records.unclaimed();
  if (!unclaimed || unclaimed.declinedBy.includes(userId)) return;
  const answer = await ask();
  if (answer === 'not-mine') {
    await records.setUnclaimed({ declinedBy: [...unclaimed.declinedBy, userId] });
    return;
  }
  if (answer === 'mine') {
    // Added to what the account already has; a record of its own with the same key wins.
    await forEachDatabase(async (name) => {
      const parked = await readDatabase(parkedDatabaseName(name, unclaimedOwner));
      if (parked) await writeDatabase(name, parked, 'add');
    });
  }
  await records.setUnclaimed(null);
  await dropParked(unclaimedOwner);
}

/**
 * Makes the account stores `target`'s (docs/product.md#account-storage). For a signed-in
 * account, data stored before owners were recorded is offered through `ask` unless that
 * account already said it is not theirs.
 */
export async function switchAccountStorage(
  target: string | null,
  ask: () => Promise<UnclaimedAnswer>,
): Promise<void> {
  const records = ownerRecords();
  await moveStores(records, target);
  if (target !== null) await settleUnclaimed(records, target, ask);
}
