import type SQLite from 'better-sqlite3';
import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import {
  addUnread,
  ChatRepository,
  readSendAccess,
  readSendAccessWithClientId,
  toSendAccess,
  type SendAccess,
  type SendAccessRow,
} from '../../repositories/chat.repository';
import { insertMessage, messageColumns, takeNextSeq } from '../../repositories/message.repository';
import type { NewSend, SendStore, StoredSend } from './send-store';
import type { SendThreadData } from './send-thread';
import {
  SendWriter,
  type Outcome,
  type SendStatements,
  type WriterError,
  type WriterReply,
} from './send-writer';
import { startThread } from './threads';

interface Read {
  chatId: string;
  userId: string;
  clientId: string | undefined;
  resolve: (access: SendAccess | undefined) => void;
  reject: (error: unknown) => void;
}

interface Job {
  send: NewSend;
  resolve: (stored: StoredSend | undefined) => void;
  reject: (error: unknown) => void;
}

/** Most sends in one transaction. */
const maxGroup = 256;
/** Most groups stored in one hold of the app's connection (its own queries wait meanwhile). */
const groupsPerTurn = 4;

/** A send's values in the order the writer reads them: a message's columns but its seq. */
const columns = messageColumns.filter((column): column is keyof NewSend => column !== 'seq');

function stored(outcome: (string | number)[]): StoredSend {
  const unread = new Map<string, number>();
  for (let index = 1; index < outcome.length; index += 2) {
    unread.set(outcome[index] as string, outcome[index + 1] as number);
  }
  return { seq: outcome[0] as number, unread };
}

/** The writer's error as the main thread's code expects it (isUniqueViolation reads `code`). */
const toError = (error: WriterError) =>
  Object.assign(new Error(error.message), { code: error.code });

/** A row the writer sent as values in the order of `columns`. */
function rowOf(columns: readonly string[], values: unknown[]): SendAccessRow {
  const row: Record<string, unknown> = {};
  columns.forEach((column, index) => (row[column] = values[index]));
  return row as unknown as SendAccessRow;
}

/**
 * What every send reads and writes, done by a thread of its own on SQLite: the sendAccess read,
 * and the store, grouped into shared commits.
 *
 * Why: SQLite runs on the thread that calls it. Storing a send (its seq, the row, the unread
 * counts, a share of the commit) took about a third of the event loop's time under a stream of
 * sends, and the read before it a sixth: time in which no socket was read or written. The
 * thread has its own connection to the same file; the event loop only posts the reads of one
 * turn together, and each group, and hands out the answers.
 *
 * - Sends arriving while a group is stored wait and form the next group (one commit each),
 *   as with groupedTransactor, and nothing is answered before its group is committed.
 * - While the thread writes a group, the main connection is held (`db.connection()`), so the
 *   app's own transactions never meet the thread's write lock: SQLite would make them wait in
 *   its busy handler, which blocks the event loop, or fail on a snapshot the thread outdated.
 * - The thread answers in order, so a read posted after a group sees that group committed.
 * - If the thread fails, the sends it held are refused (a retry with the same clientId is
 *   answered with the message if it was stored) and later sends are stored on the main thread,
 *   by the same SendWriter on the app's connection, and read there; reads it held are read
 *   again there.
 */
export function threadSendStore(
  database: {
    db: Kysely<Database>;
    reads: Kysely<Database>;
    file: string;
    /** The connection `db` runs on. */
    sqlite: SQLite.Database;
  },
  onFailure: (error: unknown) => void,
): SendStore {
  const { db, file } = database;
  const statements: SendStatements = {
    nextSeq: takeNextSeq.statement(db),
    insert: insertMessage.statement(db),
    addUnread: addUnread.statement(db),
    sendAccess: readSendAccess.statement(db),
    sendAccessWithClientId: readSendAccessWithClientId.statement(db),
  };
  const worker = startThread('send-thread', { file, columns, statements } satisfies SendThreadData);
  // The thread never keeps the process alive; close() stops it.
  worker.unref();
  const chats = new ChatRepository(database.reads);
  /** The writer on the app's connection, once the thread is not there to store sends. */
  let onMainThread: SendWriter | undefined;
  const replies = new Map<number, (reply: WriterReply) => void>();
  let lastId = 0;
  let failure: unknown;
  let closing: Promise<void> | undefined;
  /** Asked to stop: what comes after is read and stored on the main thread. */
  let stopped = false;
  const onThread = () => failure === undefined && !stopped;

  worker.on('message', (reply: WriterReply) => {
    replies.get(reply.id)?.(reply);
    replies.delete(reply.id);
  });
  worker.on('error', (error) => {
    failure ??= error;
    onFailure(error);
  });
  const exited = new Promise<void>((resolve) => {
    worker.on('exit', () => {
      // An end without an error (and not asked for) is a failure all the same.
      if (failure === undefined && !stopped) {
        failure = new Error('The thread storing sends stopped');
        onFailure(failure);
      }
      const error = { code: undefined, message: 'The message could not be stored; send it again' };
      for (const [id, settle] of replies) settle({ id, error });
      replies.clear();
      resolve();
    });
  });

  /** Asks the thread, or the writer on the app's connection once the thread is gone. */
  const request = (message: { values: unknown[] } | { reads: unknown[] }) => {
    const question = { id: ++lastId, ...message };
    if (!onThread()) {
      onMainThread ??= new SendWriter(database.sqlite, statements, columns);
      return Promise.resolve(onMainThread.answer(question));
    }
    return new Promise<WriterReply>((resolve) => {
      replies.set(question.id, resolve);
      worker.postMessage(question);
    });
  };

  const post = (group: Job[]) => {
    const values: unknown[] = [];
    for (const { send } of group) for (const column of columns) values.push(send[column]);
    return request({ values });
  };

  let reads: Read[] = [];

  /** Posts the reads of one turn of the event loop together. */
  async function readBatch(): Promise<void> {
    const batch = reads;
    reads = [];
    const readOnMainThread = (read: Read) =>
      chats.sendAccess(read.chatId, read.userId, read.clientId).then(read.resolve, read.reject);
    if (!onThread()) {
      for (const read of batch) void readOnMainThread(read);
      return;
    }
    const values: unknown[] = [];
    for (const read of batch) values.push(read.chatId, read.userId, read.clientId ?? null);
    const reply = await request({ reads: values });
    for (const [index, read] of batch.entries()) {
      // The thread could not read (or stopped meanwhile): read again here.
      if (reply.error) void readOnMainThread(read);
      else {
        const rows = reply.rows![index]!.map((values) => rowOf(reply.columns!, values));
        read.resolve(toSendAccess(read.chatId, read.userId, rows));
      }
    }
  }

  const waiting: Job[] = [];
  let draining: Promise<void> | undefined;

  /** Hands out a group's outcomes (after its commit). */
  function settle(group: Job[], reply: WriterReply): void {
    for (const [index, job] of group.entries()) {
      const outcome: Outcome = reply.error ? { error: reply.error } : reply.outcomes![index]!;
      if (outcome === null) job.resolve(undefined);
      else if (Array.isArray(outcome)) job.resolve(stored(outcome));
      else job.reject(toError(outcome.error));
    }
  }

  /** Stores what waits, a group at a time, in one hold of the app's connection. */
  async function storeGroups(): Promise<void> {
    let group: Job[] = [];
    try {
      await db.connection().execute(async () => {
        // Taken once the connection is ours, so sends arriving meanwhile join.
        group = waiting.splice(0, maxGroup);
        let reply = post(group);
        for (let turn = 1; group.length > 0; turn++) {
          const answered = await reply;
          const done = group;
          // The next group goes to the thread before this one's outcomes are handed out, so
          // the thread stores it while the event loop sends what they cause (else each waits
          // for the other). After a few groups the app's own queries get their turn.
          group = turn < groupsPerTurn && onThread() ? waiting.splice(0, maxGroup) : [];
          if (group.length > 0) reply = post(group);
          settle(done, answered);
        }
      });
    } catch (error) {
      // The connection could not be had (the database is closing): nothing was stored.
      if (group.length === 0) group = waiting.splice(0, maxGroup);
      for (const job of group) job.reject(error);
    }
  }

  async function drain(): Promise<void> {
    while (waiting.length > 0) {
      // As in groupedTransactor: let the event loop read what the sockets hold first.
      await new Promise((resolve) => setImmediate(resolve));
      await storeGroups();
    }
    draining = undefined;
  }

  return {
    sendAccess: (chatId, userId, clientId) => {
      if (!onThread()) return chats.sendAccess(chatId, userId, clientId);
      return new Promise((resolve, reject) => {
        reads.push({ chatId, userId, clientId, resolve, reject });
        if (reads.length === 1) setImmediate(() => void readBatch());
      });
    },
    store: (send) =>
      new Promise((resolve, reject) => {
        waiting.push({ send, resolve, reject });
        draining ??= drain();
      }),
    close: () =>
      (closing ??= (async () => {
        await draining;
        // Held now, so that a process with nothing else to do waits for the thread's close.
        worker.ref();
        // Asked to close its connection rather than terminated (see startWalCheckpointer).
        stopped = true;
        worker.postMessage('stop');
        await exited;
      })()),
  };
}
