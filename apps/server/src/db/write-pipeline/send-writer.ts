import type SQLite from 'better-sqlite3';
import type { PlainStatement } from '../precompiled';

/** The statements of every send, as the repositories compiled them (see precompiled). */
export interface SendStatements {
  nextSeq: PlainStatement;
  insert: PlainStatement;
  addUnread: PlainStatement;
  sendAccess: PlainStatement;
  sendAccessWithClientId: PlainStatement;
}

/** An error as it crosses threads: isUniqueViolation reads `code`. */
export interface WriterError {
  code: unknown;
  message: string;
}

/** Stored: [seq, receiverId, unread, ...]; null: no such chat; or why it was refused. */
export type Outcome = (string | number)[] | null | { error: WriterError };

/**
 * What the writer is asked.
 * - values: a group of sends, stored in one transaction. The sends one after another, each as
 *   the values of the writer's `columns` in that order: a flat array of strings and numbers is
 *   much cheaper to pass between threads than objects.
 * - reads: sendAccess reads, [chatId, userId, clientId or null] one after another.
 */
export type WriterRequest = { id: number; values: unknown[] } | { id: number; reads: unknown[] };

/**
 * Its answer: `outcomes`, one per send of a group; or for reads, each read's rows, each row an
 * array of values in the order of `columns`; or `error` when the request as a whole failed
 * (nothing of a group is stored).
 */
export interface WriterReply {
  id: number;
  outcomes?: Outcome[];
  columns?: string[];
  rows?: unknown[][][];
  error?: WriterError;
}

type Values = Record<string, unknown>;

interface Prepared {
  statement: SQLite.Statement;
  parameters: PlainStatement['parameters'];
}

const errorOf = (error: unknown): WriterError => ({
  code: (error as { code?: unknown } | null)?.code,
  message: String((error as { message?: unknown } | null)?.message),
});

/**
 * Stores sends and reads what a send checks, on one SQLite connection, synchronously: the
 * statements of a send are written here once, for the send thread (send-thread.ts) and for the
 * event loop when that thread has failed (see threadSendStore).
 *
 * As groupedTransactor does, a group runs its sends one after another, and only when one fails
 * runs again with each in a savepoint, so that the failing one alone is undone.
 */
export class SendWriter {
  private readonly nextSeq: Prepared;
  private readonly insert: Prepared;
  private readonly addUnread: Prepared;
  private readonly access: Prepared;
  private readonly accessWithClientId: Prepared;
  /** Both reads have these columns (used_message_id is null without a clientId). */
  private readonly accessColumns: string[];
  private readonly begin: SQLite.Statement;
  private readonly commit: SQLite.Statement;
  private readonly rollback: SQLite.Statement;
  private readonly savepoint: SQLite.Statement;
  private readonly release: SQLite.Statement;
  private readonly undo: SQLite.Statement;

  constructor(
    private readonly db: SQLite.Database,
    statements: SendStatements,
    /** The columns of a send's values, in order (see WriterRequest). */
    private readonly columns: readonly string[],
  ) {
    const prepare = ({ sql, parameters }: PlainStatement) => ({
      statement: db.prepare(sql),
      parameters,
    });
    this.nextSeq = prepare(statements.nextSeq);
    this.insert = prepare(statements.insert);
    this.addUnread = prepare(statements.addUnread);
    this.access = prepare(statements.sendAccess);
    this.accessWithClientId = prepare(statements.sendAccessWithClientId);
    this.access.statement.raw(true);
    this.accessWithClientId.statement.raw(true);
    this.accessColumns = this.access.statement.columns().map((column) => column.name);
    this.begin = db.prepare('begin immediate');
    this.commit = db.prepare('commit');
    this.rollback = db.prepare('rollback');
    this.savepoint = db.prepare('savepoint unit');
    this.release = db.prepare('release unit');
    this.undo = db.prepare('rollback to unit');
  }

  answer(request: WriterRequest): WriterReply {
    try {
      return 'reads' in request
        ? { id: request.id, columns: this.accessColumns, rows: this.readAccess(request.reads) }
        : { id: request.id, outcomes: this.storeGroup(this.sendsOf(request.values)) };
    } catch (error) {
      return { id: request.id, error: errorOf(error) };
    }
  }

  private bind({ parameters }: Prepared, values: Values): unknown[] {
    return parameters.map((p) => ('name' in p ? (values[p.name] ?? null) : p.constant));
  }

  /** Each send's values by the names the statements give them (see precompiled). */
  private sendsOf(values: unknown[]): Values[] {
    const sends: Values[] = [];
    for (let start = 0; start < values.length; start += this.columns.length) {
      const send: Values = {};
      this.columns.forEach((column, index) => (send[column] = values[start + index]));
      send.chatId = send.chat_id;
      send.senderId = send.sender_id;
      send.now = send.created_at;
      sends.push(send);
    }
    return sends;
  }

  private storeOne(send: Values): Outcome {
    const row = this.nextSeq.statement.get(this.bind(this.nextSeq, send)) as
      { last_seq: number } | undefined;
    if (row === undefined) return null;
    // A send may run twice (again in a savepoint after a rollback): its seq is taken anew.
    send.seq = row.last_seq;
    this.insert.statement.run(this.bind(this.insert, send));
    const outcome: (string | number)[] = [row.last_seq];
    const counts = this.addUnread.statement.all(this.bind(this.addUnread, send)) as {
      user_id: string;
      unread: number;
    }[];
    for (const count of counts) {
      if (count.user_id !== send.sender_id) outcome.push(count.user_id, count.unread);
    }
    return outcome;
  }

  private storeIsolated(send: Values): Outcome {
    this.savepoint.run();
    try {
      const outcome = this.storeOne(send);
      this.release.run();
      return outcome;
    } catch (error) {
      this.undo.run();
      this.release.run();
      return { error: errorOf(error) };
    }
  }

  private storeGroup(sends: Values[]): Outcome[] {
    this.begin.run();
    try {
      let outcomes: Outcome[];
      try {
        outcomes = sends.map((send) => this.storeOne(send));
      } catch (error) {
        this.rollback.run();
        // Alone, the transaction is the unit: its error is the outcome and nothing is kept.
        if (sends.length === 1) return [{ error: errorOf(error) }];
        this.begin.run();
        outcomes = sends.map((send) => this.storeIsolated(send));
      }
      this.commit.run();
      return outcomes;
    } catch (error) {
      if (this.db.inTransaction) this.rollback.run();
      throw error;
    }
  }

  private readAccess(reads: unknown[]): unknown[][][] {
    const rows: unknown[][][] = [];
    for (let start = 0; start < reads.length; start += 3) {
      const values = { chatId: reads[start], userId: reads[start + 1], clientId: reads[start + 2] };
      const read = values.clientId === null ? this.access : this.accessWithClientId;
      rows.push(read.statement.all(this.bind(read, values)) as unknown[][]);
    }
    return rows;
  }
}
