import { PostgresAdapter, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ChatRepository, type SendAccess } from './chat.repository';
import { groupedTransactor } from './grouped-transaction';
import { MessageRepository, storeSendAtOnce, type NewMessageRow } from './message.repository';

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

/**
 * Groups in flight at once on PostgreSQL: while one waits for the server, the next is sent.
 * Each holds a connection of the pool (10) until it commits; the rest serve reads. Groups lock
 * chats in the order of their ids, so groups in flight together cannot deadlock.
 */
const postgresGroupsInFlight = 4;

/**
 * Sends read on `reads` and stored on `db`'s own connections, grouped into shared commits (see
 * groupedTransactor).
 */
export function groupedSendStore(db: Kysely<Database>, reads: Kysely<Database>): SendStore {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const transact = groupedTransactor(db, (trx) => trx, {
    concurrency: postgres ? postgresGroupsInFlight : 1,
  });
  const storeOn = postgres ? storeSendAtOnceOn : storeSendOn;
  const chats = new ChatRepository(reads);
  return {
    sendAccess: (chatId, userId, clientId) => chats.sendAccess(chatId, userId, clientId),
    store: (send) => transact(send.chat_id, (trx) => storeOn(trx, send)),
    close: async () => {},
  };
}
