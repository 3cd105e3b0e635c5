import type SQLite from 'better-sqlite3';
import { startThread } from './threads';

/** SQLite's own default, restored on the main connection if the checkpointer stops early. */
const autocheckpointPages = 1000;

export interface CheckpointerOptions {
  /** How often the checkpointer copies what the WAL holds into the database file. */
  intervalMs: number;
  /**
   * How long nothing must be committed before the WAL file is emptied (a TRUNCATE checkpoint);
   * well under a minute, so that the WAL a burst left is cut back soon after it.
   */
  idleMs: number;
}

const defaults: CheckpointerOptions = { intervalMs: 200, idleMs: 30_000 };

export interface WalCheckpointer {
  /** Stops the thread and closes its connection; safe to call twice. */
  stop(): Promise<void>;
}

/**
 * Checkpoints the WAL of `sqlite` from a thread of its own, and turns SQLite's automatic
 * checkpoints off on `sqlite` meanwhile.
 *
 * Why: an automatic checkpoint runs inside whichever commit crosses 1,000 WAL pages, on the
 * event loop: it syncs the WAL, copies its pages into the database file and syncs that. Under a
 * stream of sends this was about half the time of every commit, and a stall for every socket.
 * A PASSIVE checkpoint from another connection takes no lock the writer needs, and SQLite starts
 * the WAL over at the next commit once all of it is copied. Once nothing was committed for
 * `idleMs`, it empties the WAL file (see checkpointer-thread.ts).
 *
 * If the thread ends on its own (it failed), the main connection checkpoints by itself again.
 */
export function startWalCheckpointer(
  sqlite: SQLite.Database,
  file: string,
  onFailure: (error: unknown) => void = () => {},
  options: Partial<CheckpointerOptions> = {},
): WalCheckpointer {
  const worker = startThread('checkpointer-thread', { file, ...defaults, ...options });
  // The thread never keeps the process alive; close() stops it.
  worker.unref();
  sqlite.pragma('wal_autocheckpoint = 0');
  let stopping: Promise<void> | undefined;
  const exited = new Promise<void>((resolve) => {
    worker.on('exit', () => {
      if (!stopping && sqlite.open) sqlite.pragma(`wal_autocheckpoint = ${autocheckpointPages}`);
      resolve();
    });
  });
  // An error ends the thread ('exit' follows); the main connection takes over (above).
  worker.on('error', onFailure);
  return {
    stop: () => {
      if (!stopping) {
        // Held now, so that a process with nothing else to do waits for the thread's close.
        worker.ref();
        // Asked to close its connection rather than terminated: a connection left open by a
        // terminated thread would leave its locks on the file for the rest of the process.
        worker.postMessage('stop');
        stopping = exited;
      }
      return stopping;
    },
  };
}
