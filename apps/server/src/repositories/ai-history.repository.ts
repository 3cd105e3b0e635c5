import type { Kysely, Selectable } from 'kysely';
import type { AiHistoryMode } from '@confab/protocol/ai-history';
import type { AiChatsTable, AiHistoryAccountsTable, AiMessagesTable, Database } from '../db/schema';

export type AiHistoryAccountRow = Selectable<AiHistoryAccountsTable>;
export type AiChatRow = Selectable<AiChatsTable>;
export type AiMessageRow = Selectable<AiMessagesTable>;

/** What an account without a row has: synced, nothing stored. */
export const freshAccount = (userId: string): AiHistoryAccountRow => ({
  user_id: userId,
  mode: 'synced',
  revision: 0,
  used_bytes: 0,
});

/** Every read and write of an account's AI history (docs/product.md#ai-history-sync). */
export class AiHistoryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async account(userId: string): Promise<AiHistoryAccountRow> {
    const row = await this.db
      .selectFrom('ai_history_accounts')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ?? freshAccount(userId);
  }

  /**
   * The account's row, created on first use and locked until the transaction ends: on
   * PostgreSQL the UPDATE holds the row, so a second push of the account waits for the first
   * to commit and then reads its revision (SQLite runs one write transaction at a time).
   */
  async lockAccount(userId: string): Promise<AiHistoryAccountRow> {
    await this.db
      .insertInto('ai_history_accounts')
      .values({ user_id: userId })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    return this.db
      .updateTable('ai_history_accounts')
      .set((eb) => ({ revision: eb.ref('revision') }))
      .where('user_id', '=', userId)
      .returningAll()
      .executeTakeFirstOrThrow();
  }

  async saveAccount(
    userId: string,
    values: { revision: number; used_bytes: number; mode?: AiHistoryMode },
  ): Promise<void> {
    await this.db
      .updateTable('ai_history_accounts')
      .set(values)
      .where('user_id', '=', userId)
      .execute();
  }

  async chatsByIds(userId: string, ids: string[]): Promise<AiChatRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('ai_chats')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .execute();
  }

  async messagesByIds(userId: string, ids: string[]): Promise<AiMessageRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .selectFrom('ai_messages')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .execute();
  }

  /** Writes chat rows, new or changed (one statement; ids must be distinct). */
  async putChats(rows: AiChatRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('ai_chats')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['user_id', 'id']).doUpdateSet((eb) => ({
          revision: eb.ref('excluded.revision'),
          deleted: eb.ref('excluded.deleted'),
          data: eb.ref('excluded.data'),
          size: eb.ref('excluded.size'),
        })),
      )
      .execute();
  }

  /** Writes message rows, new or changed (one statement; ids must be distinct). */
  async putMessages(rows: AiMessageRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('ai_messages')
      .values(rows)
      .onConflict((oc) =>
        oc.columns(['user_id', 'id']).doUpdateSet((eb) => ({
          chat_id: eb.ref('excluded.chat_id'),
          revision: eb.ref('excluded.revision'),
          deleted: eb.ref('excluded.deleted'),
          data: eb.ref('excluded.data'),
          size: eb.ref('excluded.size'),
          created_at: eb.ref('excluded.created_at'),
        })),
      )
      .execute();
  }

  /** Removes every message row of a chat (tombstones too); returns what was removed. */
  async removeChatMessages(
    userId: string,
    chatId: string,
  ): Promise<{ id: string; size: number }[]> {
    return this.db
      .deleteFrom('ai_messages')
      .where('user_id', '=', userId)
      .where('chat_id', '=', chatId)
      .returning(['id', 'size'])
      .execute();
  }

  /**
   * Removes every chat and message of the account, and its synced provider settings and sealed
   * keys (the device-only mode keeps all of them on the devices).
   */
  async removeAll(userId: string): Promise<void> {
    await this.db.deleteFrom('ai_provider_settings').where('user_id', '=', userId).execute();
    await this.db.deleteFrom('ai_messages').where('user_id', '=', userId).execute();
    await this.db.deleteFrom('ai_chats').where('user_id', '=', userId).execute();
  }

  /** Chat rows changed after `since`, oldest revision first. */
  async chatsSince(userId: string, since: number): Promise<AiChatRow[]> {
    return this.db
      .selectFrom('ai_chats')
      .selectAll()
      .where('user_id', '=', userId)
      .where('revision', '>', since)
      .orderBy('revision')
      .execute();
  }

  /** Up to `limit` message rows changed after `since`, oldest revision first. */
  async messagesSince(userId: string, since: number, limit: number): Promise<AiMessageRow[]> {
    return this.db
      .selectFrom('ai_messages')
      .selectAll()
      .where('user_id', '=', userId)
      .where('revision', '>', since)
      .orderBy('revision')
      .limit(limit)
      .execute();
  }
}
