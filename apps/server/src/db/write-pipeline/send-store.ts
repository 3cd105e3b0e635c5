import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database } from '../schema';
import { isDatabaseUnavailable } from '../errors';
import { ChatRepository, type SendAccess } from '../../repositories/chat.repository';
import { groupedTransactor } from './grouped-transaction';
import { oneGroupInFlight } from './one-group-in-flight';
import {
  MessageRepository,
  storeSendAtOnce,
  storeSendsAtOnce,
  type NewMessageRow,
  type NewSendColumns,
} from '../../repositories/message.repository';

/** A new message's row but for its seq, which the store takes from the chat. */
export type NewSend = Omit<NewMessageRow, 'seq'>;

export interface StoredSend {
  seq: number;
  /** Each receiver's unread count in the chat, the new message counted. */
  unread: Map<string, number>;
}

/** What every send reads and writes. */
export interface SendStore {
  /** The chat as the sender sees it (see ChatRepository.sendAccess), as committed. */
  sendAccess(
    chatId: string,
    userId: string,
    clientId: string | undefined,
  ): Promise<SendAccess | undefined>;
  /**
   * Stores a send: the chat's next seq, the message, one more unread for each receiver, in one
   * transaction. Resolves once committed; undefined when the chat does not exist. A clientId
   * the sender already used rejects with the engine's unique violation (see isUniqueViolation).
   */
  store(send: NewSend): Promise<StoredSend | undefined>;
  /** Waits for what is being stored and lets go of what the store holds; safe to call twice. */
  close(): Promise<void>;
}

/** The statements of one send, on `db` (a transaction). */
async function storeSendOn(db: Kysely<Database>, send: NewSend): Promise<StoredSend | undefined> {
  const messages = new MessageRepository(db);
  const seq = await messages.nextSeq(send.chat_id, send.created_at);
  if (seq === undefined) return undefined;
  await messages.insert({ ...send, seq });
  const unread = await new ChatRepository(db).addUnreadForOthers(send.chat_id, send.sender_id);
  return { seq, unread };
}

/**
 * The same on PostgreSQL in one statement (storeSendAtOnce): each statement is a round trip to
 * the server, which took most of a send's time there.
 */
async function storeSendAtOnceOn(
  db: Kysely<Database>,
  send: NewSend,
): Promise<StoredSend | undefined> {
  const { rows } = await storeSendAtOnce(db, send);
  const [first] = rows;
  if (!first) return undefined;
  const unread = new Map<string, number>();
  for (const row of rows) {
    if (row.user_id !== null && row.user_id !== send.sender_id)
      unread.set(row.user_id, row.unread!);
  }
  return { seq: first.seq, unread };
}

/** Most sends in one statement. */
const maxBatch = 256;

/** The columns of `sends`, one array each (see storeSendsAtOnce). */
function columnsOf(sends: readonly NewSend[]): NewSendColumns {
  return {
    ids: sends.map((send) => send.id),
    chat_ids: sends.map((send) => send.chat_id),
    sender_ids: sends.map((send) => send.sender_id),
    client_ids: sends.map((send) => send.client_id),
    contents: sends.map((send) => send.content),
    content_types: sends.map((send) => send.content_type),
    attachments: sends.map((send) => send.attachment),
    created_ats: sends.map((send) => send.created_at),
    edited_ats: sends.map((send) => send.edited_at),
    deleteds: sends.map((send) => send.deleted),
    revisions: sends.map((send) => send.revision),
    reply_to_ids: sends.map((send) => send.reply_to_id),
    forwards: sends.map((send) => send.forward),
    ai_payloads: sends.map((send) => send.ai_payload),
  };
}

/**
 * Stores `sends` (in the order they are to be numbered) in one statement: each one's result,
 * undefined for a send whose chat does not exist. Each receiver's unread count is the one
 * just after that send: the final count less the messages of others after it in the group.
 */
async function storeSendsAtOnceOn(
  db: Kysely<Database>,
  sends: readonly NewSend[],
): Promise<(StoredSend | undefined)[]> {
  const { rows } = await storeSendsAtOnce(db, columnsOf(sends));
  const seqOf = new Map(rows[0]?.seqs ?? []);
  const finalUnread = new Map<string, Map<string, number>>();
  for (const [chatId, userId, unread] of rows[0]?.unread ?? []) {
    const ofChat = finalUnread.get(chatId) ?? new Map<string, number>();
    ofChat.set(userId, unread);
    finalUnread.set(chatId, ofChat);
  }
  const results = new Array<StoredSend | undefined>(sends.length);
  // From the last send back: each receiver's count before the later sends of the group.
  const laterByReader = new Map<string, Map<string, number>>();
  for (let index = sends.length - 1; index >= 0; index -= 1) {
    const send = sends[index]!;
    const seq = seqOf.get(send.id);
    if (seq === undefined) continue;
    const later = laterByReader.get(send.chat_id) ?? new Map<string, number>();
    laterByReader.set(send.chat_id, later);
    const unread = new Map<string, number>();
    for (const [userId, final] of finalUnread.get(send.chat_id) ?? []) {
      if (userId === send.sender_id) continue;
      unread.set(userId, final - (later.get(userId) ?? 0));
      later.set(userId, (later.get(userId) ?? 0) + 1);
    }
    results[index] = { seq, unread };
  }
  return results;
}

/**
 * PostgreSQL: sends arriving while a group is in flight wait and go together in one statement
 * (storeSendsAtOnce), settled once it is committed. If the statement fails, nothing of the group
 * is stored, and each send is stored alone (storeSendAtOnce) for its own outcome: only the send
 * with a used clientId fails. When the database cannot be reached, every send gets that error.
 * One group at a time: with several, two groups with sends to one chat could take its seqs in
 * one order and have their answers read in the other, and receivers saw a chat's messages out
 * of order (test/cluster/node-failure.test.ts).
 */
function postgresBatchedStore(
  db: Kysely<Database>,
): (send: NewSend) => Promise<StoredSend | undefined> {
  return oneGroupInFlight<NewSend, StoredSend | undefined>(async (group) => {
    // Chats in the order of their ids; a chat's sends in their order of arrival (stable sort).
    group.sort((a, b) =>
      a.input.chat_id < b.input.chat_id ? -1 : a.input.chat_id > b.input.chat_id ? 1 : 0,
    );
    try {
      const results = await storeSendsAtOnceOn(
        db,
        group.map((entry) => entry.input),
      );
      group.forEach((entry, index) => entry.resolve(results[index]));
      return;
    } catch (error) {
      if (group.length === 1 || isDatabaseUnavailable(error)) {
        for (const entry of group) entry.reject(error);
        return;
      }
    }
    for (const entry of group) {
      await storeSendAtOnceOn(db, entry.input).then(entry.resolve, entry.reject);
    }
  }, maxBatch);
}

/**
 * PostgreSQL: the sendAccess reads of sends arriving together in one statement, one group at a
 * time (a read per send was a round trip each, the largest cost of a send there). In order, so
 * two sends of one sender reach the store in the order they came.
 */
function postgresBatchedSendAccess(chats: ChatRepository): SendStore['sendAccess'] {
  const read = oneGroupInFlight<SendAccessRead, SendAccess | undefined>(async (group) => {
    const results = await chats.sendAccessMany(group.map((call) => call.input));
    group.forEach((call, index) => call.resolve(results[index]));
  }, maxBatch);
  return (chatId, userId, clientId) => read({ chatId, userId, clientId });
}

interface SendAccessRead {
  chatId: string;
  userId: string;
  clientId: string | undefined;
}

/**
 * Sends read on `reads` and stored on `db`'s own connections, grouped into shared commits: one
 * statement per group on PostgreSQL (postgresBatchedStore), a transaction per group otherwise
 * (see groupedTransactor).
 */
export function groupedSendStore(db: Kysely<Database>, reads: Kysely<Database>): SendStore {
  const chats = new ChatRepository(reads);
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const transact = groupedTransactor(db, (trx) => trx);
  const store = postgres
    ? postgresBatchedStore(db)
    : (send: NewSend) => transact(send.chat_id, (trx) => storeSendOn(trx, send));
  return {
    sendAccess: postgres
      ? postgresBatchedSendAccess(chats)
      : (chatId, userId, clientId) => chats.sendAccess(chatId, userId, clientId),
    store,
    close: async () => {},
  };
}
