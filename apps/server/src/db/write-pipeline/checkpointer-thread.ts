// The WAL checkpointer's thread (see startWalCheckpointer): its own connection to the database
// file, a PASSIVE checkpoint every `intervalMs`, and once nothing was committed for `idleMs`
// a TRUNCATE checkpoint, which empties the WAL file.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import type { CheckpointerOptions } from './wal-checkpointer';

const { file, intervalMs, idleMs } = workerData as { file: string } & CheckpointerOptions;

interface CheckpointRow {
  /** 1 when the checkpoint could not take the locks it needs (it is tried again later). */
  busy: number;
}

const db = new SQLite(file);
db.pragma('synchronous = NORMAL');

/** Changes whenever another connection commits (SQLite's data_version). */
const version = () => db.pragma('data_version', { simple: true }) as number;

let seenVersion = version();
let lastCommitAt = Date.now();
/** Whether the WAL was emptied since the last commit seen. */
let truncated = false;

function checkpoint(): void {
  db.pragma('wal_checkpoint(PASSIVE)');
  const now = Date.now();
  const current = version();
  if (current !== seenVersion) {
    seenVersion = current;
    lastCommitAt = now;
    truncated = false;
  } else if (!truncated && now - lastCommitAt >= idleMs) {
    // A PASSIVE checkpoint lets the WAL start over but keeps the file at its largest size, and
    // the connections that write do not all cut it back: after a burst it would keep hundreds
    // of MB until the server stops. With no commit for a while, emptying it costs nobody a
    // wait (without a busy timeout here, a connection in use makes it busy: tried again later).
    const [row] = db.pragma('wal_checkpoint(TRUNCATE)') as CheckpointRow[];
    truncated = row?.busy === 0;
  }
}

const timer = setInterval(checkpoint, intervalMs);
parentPort!.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort!.close();
});
