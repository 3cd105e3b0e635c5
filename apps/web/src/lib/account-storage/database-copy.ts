/**
 * Whole-database operations on IndexedDB that know nothing of what the databases hold: read a
 * database (schema and records), write it under another name, put it back, clear it. Every
 * connection opened here is closed before the call returns, so no database is held open.
 */

interface IndexShape {
  name: string;
  keyPath: string | string[];
  unique: boolean;
  multiEntry: boolean;
}

interface StoreCopy {
  name: string;
  keyPath: string | string[] | null;
  autoIncrement: boolean;
  indexes: IndexShape[];
  keys: IDBValidKey[];
  values: unknown[];
}

/** A database as read: its version, its object stores with their indexes, and every record. */
export interface DatabaseCopy {
  version: number;
  stores: StoreCopy[];
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function finished(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction aborted'));
  });
}

/** Opens `name` if it exists; null (and nothing created) when it does not. */
function openExisting(name: string): Promise<IDBDatabase | null> {
  return new Promise((resolve, reject) => {
    let absent = false;
    const req = indexedDB.open(name);
    req.onupgradeneeded = () => {
      // A new database: abort its creation, which removes it again.
      absent = true;
      req.transaction?.abort();
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = (event) => {
      if (!absent) return reject(req.error ?? new Error(`IndexedDB ${name} cannot be opened`));
      event.preventDefault();
      resolve(null);
    };
  });
}

async function withExisting<T>(
  name: string,
  work: (db: IDBDatabase) => Promise<T>,
): Promise<T | null> {
  const db = await openExisting(name);
  if (!db) return null;
  try {
    return await work(db);
  } finally {
    db.close();
  }
}

const storeNames = (db: IDBDatabase) => [...db.objectStoreNames];

/** Reads every store of `name`; null when the database does not exist. */
export function readDatabase(name: string): Promise<DatabaseCopy | null> {
  return withExisting(name, async (db) => {
    const names = storeNames(db);
    if (names.length === 0) return { version: db.version, stores: [] };
    const tx = db.transaction(names, 'readonly');
    const stores = await Promise.all(
      names.map(async (storeName): Promise<StoreCopy> => {
        const store = tx.objectStore(storeName);
        // Both in key order, so keys[i] is the key of values[i].
        const [keys, values] = await Promise.all([
          request(store.getAllKeys()),
          request(store.getAll()),
        ]);
        const indexes = [...store.indexNames].map((indexName) => {
          const index = store.index(indexName);
          return {
            name: indexName,
            keyPath: index.keyPath,
            unique: index.unique,
            multiEntry: index.multiEntry,
          };
        });
        return {
          name: storeName,
          keyPath: store.keyPath,
          autoIncrement: store.autoIncrement,
          indexes,
          keys,
          values,
        };
      }),
    );
    await finished(tx);
    return { version: db.version, stores };
  });
}

/** Whether `name` exists and holds at least one record. */
export async function holdsRecords(name: string): Promise<boolean> {
  const copy = await readDatabase(name);
  return !!copy && copy.stores.some((store) => store.keys.length > 0);
}

export function deleteDatabase(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.deleteDatabase(name);
    req.onsuccess = () => resolve();
    req.onerror = () => reject(req.error ?? new Error(`IndexedDB ${name} cannot be deleted`));
    // Only this module opens set-aside databases, and it closes them: an open one means another
    // tab is switching; fail rather than wait for it.
    req.onblocked = () => reject(new Error(`IndexedDB ${name} is open elsewhere`));
  });
}

/** Creates `name` with the copy's version and schema, or opens it as it is when it exists. */
function openOrCreate(name: string, copy: DatabaseCopy): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(name);
    req.onupgradeneeded = () => {
      // New: made again below at the copy's version, so the owner's own upgrades still run.
      req.transaction?.abort();
    };
    req.onsuccess = () => resolve(req.result);
    req.onerror = (event) => {
      event.preventDefault();
      const create = indexedDB.open(name, Math.max(1, copy.version));
      create.onupgradeneeded = () => {
        const db = create.result;
        for (const store of copy.stores) {
          const made = db.createObjectStore(store.name, {
            keyPath: store.keyPath,
            autoIncrement: store.autoIncrement,
          });
          for (const index of store.indexes) {
            made.createIndex(index.name, index.keyPath, {
              unique: index.unique,
              multiEntry: index.multiEntry,
            });
          }
        }
      };
      create.onsuccess = () => resolve(create.result);
      create.onerror = () => reject(create.error ?? new Error(`IndexedDB ${name} cannot be made`));
    };
  });
}

/**
 * Writes the copy's records into `name` (made with the copy's schema when absent), in one
 * transaction. `replace` empties every store first; otherwise records whose key is already
 * there are kept and only the others are added.
 */
export async function writeDatabase(
  name: string,
  copy: DatabaseCopy,
  mode: 'replace' | 'add',
): Promise<void> {
  const db = await openOrCreate(name, copy);
  try {
    const names = storeNames(db);
    if (names.length === 0) return;
    const present = mode === 'add' ? await keysOf(db, names) : null;
    const tx = db.transaction(names, 'readwrite');
    for (const storeName of names) {
      const store = tx.objectStore(storeName);
      if (mode === 'replace') store.clear();
      const source = copy.stores.find((s) => s.name === storeName);
      source?.values.forEach((value, i) => {
        const key = source.keys[i]!;
        if (present?.get(storeName)?.has(keyText(key))) return;
        if (store.keyPath === null) store.put(value, key);
        else store.put(value);
      });
    }
    await finished(tx);
  } finally {
    db.close();
  }
}

async function keysOf(db: IDBDatabase, names: string[]): Promise<Map<string, Set<string>>> {
  const tx = db.transaction(names, 'readonly');
  const keys = await Promise.all(
    names.map(async (storeName) => {
      const stored = await request(tx.objectStore(storeName).getAllKeys());
      return [storeName, new Set(stored.map(keyText))] as const;
    }),
  );
  return new Map(keys);
}

const keyText = (key: IDBValidKey) => JSON.stringify(key);

/** Empties every store of `name` (the schema stays); nothing to do when it does not exist. */
export async function clearDatabase(name: string): Promise<void> {
  await withExisting(name, async (db) => {
    const names = storeNames(db);
    if (names.length === 0) return;
    const tx = db.transaction(names, 'readwrite');
    for (const storeName of names) tx.objectStore(storeName).clear();
    await finished(tx);
  });
}

/** Writes `name` under `target` exactly as it is now (schema and records), replacing `target`. */
export async function copyDatabase(name: string, target: string): Promise<void> {
  const copy = await readDatabase(name);
  await deleteDatabase(target);
  if (copy) await writeDatabase(target, copy, 'replace');
}
