import { createStore, del, get, set, setMany, type UseStore } from 'idb-keyval';
import { ownerDatabase, unclaimedOwner } from './account-databases';

/**
 * Whose data the account stores hold, and how far a switch got (docs/product.md#account-storage):
 * - `active`: the stores hold `owner`'s data (nothing when `owner` is null);
 * - `parked`: `owner`'s data is set aside complete; what the stores still hold is a leftover copy;
 * - `restoring`: `owner`'s set-aside data is being put back; the set-aside copy is still whole.
 * Every step of a switch is written here before the next one starts, so a switch cut short
 * (an error, a closed tab) resumes from where it stopped and never sets aside a partial copy.
 */
export interface OwnerRecord {
  owner: string | null;
  phase: 'active' | 'parked' | 'restoring';
}

/** Data found without an owner, set aside until an account claims it. */
export interface UnclaimedRecord {
  /** The accounts that said it is not theirs: they are not asked again. */
  declinedBy: string[];
}

const ownerKey = 'owner';
const unclaimedKey = 'unclaimed';

export interface OwnerRecords {
  owner(): Promise<OwnerRecord | undefined>;
  setOwner(record: OwnerRecord): Promise<void>;
  /** Records, at once, that the stores hold data nobody claimed yet. */
  adoptUnclaimed(): Promise<void>;
  unclaimed(): Promise<UnclaimedRecord | undefined>;
  setUnclaimed(record: UnclaimedRecord | null): Promise<void>;
}

export function ownerRecords(): OwnerRecords {
  const store: UseStore = createStore(ownerDatabase.name, ownerDatabase.store);
  return {
    owner: () => get<OwnerRecord>(ownerKey, store),
    setOwner: (record) => set(ownerKey, record, store),
    adoptUnclaimed: () =>
      setMany(
        [
          [unclaimedKey, { declinedBy: [] } satisfies UnclaimedRecord],
          [ownerKey, { owner: unclaimedOwner, phase: 'active' } satisfies OwnerRecord],
        ],
        store,
      ),
    unclaimed: () => get<UnclaimedRecord>(unclaimedKey, store),
    setUnclaimed: (record) =>
      record ? set(unclaimedKey, record, store) : del(unclaimedKey, store),
  };
}
