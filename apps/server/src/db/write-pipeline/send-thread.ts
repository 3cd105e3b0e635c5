// The thread that stores sends on SQLite (see threadSendStore): its own connection to the
// database file, and a SendWriter answering each request in the order it came.
import { parentPort, workerData } from 'node:worker_threads';
import SQLite from 'better-sqlite3';
import { SendWriter, type SendStatements, type WriterRequest } from './send-writer';

/** What threadSendStore gives the thread. */
export interface SendThreadData {
  file: string;
  columns: string[];
  statements: SendStatements;
}

const { file, columns, statements } = workerData as SendThreadData;
const db = new SQLite(file);
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');
// The checkpointer thread copies the WAL into the database file.
db.pragma('wal_autocheckpoint = 0');
const writer = new SendWriter(db, statements, columns);

parentPort!.on('message', (message: WriterRequest | 'stop') => {
  if (message === 'stop') {
    db.close();
    parentPort!.close();
    return;
  }
  parentPort!.postMessage(writer.answer(message));
});
