/**
 * The program of the thread that stores sends on SQLite (see threadSendStore). It is evaluated
 * as a script, as the WAL checkpointer's is: a worker of its own file would need a second entry
 * in the server's bundle. It loads the same SQLite driver by its resolved path and runs the
 * statements the repositories compiled (workerData.statements), so the SQL is written once.
 *
 * Messages in:
 * - { id, values }: a group of sends, stored in one transaction. `values` holds the sends one
 *   after another, each as the values of workerData.columns in that order: a flat array of
 *   strings and numbers is much cheaper to pass between threads than objects.
 *   Answered with { id, outcomes }, one outcome per send ([seq, receiverId, unread, ...] when
 *   stored, null when the chat does not exist, { error } when refused), or { id, error } when
 *   the group as a whole failed (nothing of it is stored).
 * - { id, reads }: sendAccess reads, [chatId, userId, clientId or null] one after another.
 *   Answered with { id, columns, rows }: for each read its rows, each row an array of values
 *   in the order of `columns`; or { id, error }.
 * - 'stop'.
 * An error is { code, message }.
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
const access = prepare(workerData.statements.sendAccess);
const accessWithClientId = prepare(workerData.statements.sendAccessWithClientId);
access.statement.raw(true);
accessWithClientId.statement.raw(true);
// Both have the same columns (used_message_id is null without a clientId).
const accessColumns = access.statement.columns().map((column) => column.name);
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

// Each send's values by the names the statements give them (see precompiled).
function sendsOf(values) {
  const sends = [];
  for (let start = 0; start < values.length; start += columns.length) {
    const send = {};
    columns.forEach((column, index) => (send[column] = values[start + index]));
    send.chatId = send.chat_id;
    send.senderId = send.sender_id;
    send.now = send.created_at;
    sends.push(send);
  }
  return sends;
}

function storeOne(send) {
  const row = nextSeq.statement.get(bind(nextSeq, send));
  if (row === undefined) return null;
  // A send may run twice (again in a savepoint after a rollback): its seq is taken anew.
  send.seq = row.last_seq;
  insert.statement.run(bind(insert, send));
  const outcome = [send.seq];
  for (const r of addUnread.statement.all(bind(addUnread, send))) {
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

function readAccess(reads) {
  const rows = [];
  for (let start = 0; start < reads.length; start += 3) {
    const values = { chatId: reads[start], userId: reads[start + 1], clientId: reads[start + 2] };
    const read = values.clientId === null ? access : accessWithClientId;
    rows.push(read.statement.all(bind(read, values)));
  }
  return rows;
}

parentPort.on('message', (message) => {
  if (message === 'stop') {
    db.close();
    parentPort.close();
    return;
  }
  let reply;
  try {
    reply = message.reads
      ? { id: message.id, columns: accessColumns, rows: readAccess(message.reads) }
      : { id: message.id, outcomes: storeGroup(sendsOf(message.values)) };
  } catch (error) {
    reply = { id: message.id, error: errorOf(error) };
  }
  parentPort.postMessage(reply);
});
`;
