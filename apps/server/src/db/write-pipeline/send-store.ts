import type { Kysely } from 'kysely';
import type { Database } from '../schema';
import { ChatRepository, type SendAccess } from '../../repositories/chat.repository';
import { groupedTransactor } from './grouped-transaction';
import { MessageRepository, type NewMessageRow } from '../../repositories/message.repository';

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
 * Sends read on `reads` and stored on `db`'s own connections, grouped into shared commits (see
 * groupedTransactor).
 */
export function groupedSendStore(db: Kysely<Database>, reads: Kysely<Database>): SendStore {
  const transact = groupedTransactor(db, (trx) => trx);
  const chats = new ChatRepository(reads);
  return {
    sendAccess: (chatId, userId, clientId) => chats.sendAccess(chatId, userId, clientId),
    store: (send) => transact(send.chat_id, (trx) => storeSendOn(trx, send)),
    close: async () => {},
  };
}
