import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Messages one user deleted for themselves (migration 0014). */
export class HiddenMessageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Hides the message for the user; hiding it again changes nothing. */
  async add(row: {
    user_id: string;
    message_id: string;
    chat_id: string;
    seq: number;
    created_at: number;
  }): Promise<void> {
    await this.db
      .insertInto('hidden_messages')
      .values(row)
      .onConflict((oc) => oc.columns(['user_id', 'message_id']).doNothing())
      .execute();
  }

  /** Which of these messages the user hid. */
  async amongMessages(userId: string, messageIds: readonly string[]): Promise<Set<string>> {
    if (messageIds.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('hidden_messages')
      .select('message_id')
      .where('user_id', '=', userId)
      .where('message_id', 'in', [...messageIds])
      .execute();
    return new Set(rows.map((row) => row.message_id));
  }

  /** The ids of the user's hidden messages of one chat numbered fromSeq to toSeq. */
  async inRange(userId: string, chatId: string, fromSeq: number, toSeq: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('hidden_messages')
      .select('message_id')
      .where('user_id', '=', userId)
      .where('chat_id', '=', chatId)
      .where('seq', '>=', fromSeq)
      .where('seq', '<=', toSeq)
      .orderBy('seq', 'asc')
      .execute();
    return rows.map((row) => row.message_id);
  }
}
