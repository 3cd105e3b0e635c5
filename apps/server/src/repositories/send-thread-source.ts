/**
 * The program of the thread that stores sends on SQLite (see threadSendStore). It is evaluated
 * as a script, as the WAL checkpointer's is: a worker of its own file would need a second entry
 * in the server's bundle. It loads the same SQLite driver by its resolved path and runs the
 * statements the repositories compiled (workerData.statements), so the SQL is written once.
 *
 * Messages in: { id, values } (a group, stored in one transaction) or 'stop'. `values` holds
 * the sends one after another, each as the values of workerData.columns in that order: a flat
 * array of strings and numbers is much cheaper to pass between threads than objects.
 * Messages out: { id, outcomes } with one outcome per send ([seq, receiverId, unread, ...] when
 * stored, null when the chat does not exist, { error } when refused), or { id, error } when the
 * group as a whole failed (nothing of it is stored). An error is { code, message }.
 *
 * As on the main thread (groupedTransactor), a group runs its sends one after another, and only
 * when one fails runs again with each in a savepoint, so that the failing one alone is undone.
 */
export const sendThreadSource = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');
// The checkpointer thread copies the WAL into the database file.
db.pragma('wal_autocheckpoint = 0');

const prepare = ({ sql, parameters }) => ({ statement: db.prepare(sql), parameters });
const nextSeq = prepare(workerData.statements.nextSeq);
const insert = prepare(workerData.statements.insert);
const addUnread = prepare(workerData.statements.addUnread);
const begin = db.prepare('begin immediate');
const commit = db.prepare('commit');
const rollback = db.prepare('rollback');
const savepoint = db.prepare('savepoint unit');
const release = db.prepare('release unit');
const undo = db.prepare('rollback to unit');

const bind = ({ parameters }, values) =>
  parameters.map((p) => ('name' in p ? (values[p.name] ?? null) : p.constant));
const errorOf = (error) => ({ code: error && error.code, message: String(error && error.message) });

const columns = workerData.columns;

function sendsOf(values) {
  const sends = [];
  for (let start = 0; start < values.length; start += columns.length) {
    const send = {};
    columns.forEach((column, index) => (send[column] = values[start + index]));
    sends.push(send);
  }
  return sends;
}

function storeOne(send) {
  const values = { ...send, chatId: send.chat_id, senderId: send.sender_id, now: send.created_at };
  const row = nextSeq.statement.get(bind(nextSeq, values));
  if (row === undefined) return null;
  values.seq = row.last_seq;
  insert.statement.run(bind(insert, values));
  const outcome = [values.seq];
  for (const r of addUnread.statement.all(bind(addUnread, values))) {
    if (r.user_id !== send.sender_id) outcome.push(r.user_id, r.unread);
  }
  return outcome;
}

function storeIsolated(send) {
  savepoint.run();
  try {
    const outcome = storeOne(send);
    release.run();
    return outcome;
  } catch (error) {
    undo.run();
    release.run();
    return { error: errorOf(error) };
  }
}

function storeGroup(sends) {
  begin.run();
  try {
    let outcomes;
    try {
      outcomes = sends.map(storeOne);
    } catch (error) {
      rollback.run();
      // Alone, the transaction is the unit: its error is the outcome and nothing is kept.
      if (sends.length === 1) return [{ error: errorOf(error) }];
      begin.run();
      outcomes = sends.map(storeIsolated);
    }
    commit.run();
    return outcomes;
  } catch (error) {
    if (db.inTransaction) rollback.run();
    throw error;
  }
}

parentPort.on('message', (message) => {
  if (message === 'stop') {
    db.close();
    parentPort.close();
    return;
  }
  let reply;
  try {
    reply = { id: message.id, outcomes: storeGroup(sendsOf(message.values)) };
  } catch (error) {
    reply = { id: message.id, error: errorOf(error) };
  }
  parentPort.postMessage(reply);
});
`;
