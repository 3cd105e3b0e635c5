import { sql, type Kysely, type Selectable } from 'kysely';
import type { AiHistoryMode } from '@confab/protocol/ai-history';
import { searchTextOf } from '@confab/protocol/ai-history-search';
import { searchGrams } from '../db/search-grams';
import type {
  AiChatsTable,
  AiHistoryAccountsTable,
  AiMessagesTable,
  Database,
  Engine,
} from '../db/schema';

export type AiHistoryAccountRow = Selectable<AiHistoryAccountsTable>;
export type AiChatRow = Selectable<AiChatsTable>;
/** A message row as the service sees it: the repository derives the search columns from `data`. */
export type AiMessageRow = Omit<Selectable<AiMessagesTable>, 'search_text' | 'search_grams'>;
/** A message found by search (newest first). */
export type AiMessageHit = Pick<AiMessageRow, 'id' | 'chat_id' | 'created_at'> & { data: string };

const messageColumns = [
  'user_id',
  'id',
  'chat_id',
  'revision',
  'deleted',
  'data',
  'size',
  'created_at',
  'parent_id',
] as const;

/** Where a message stands in its chat's tree. */
export type AiMessageLink = Pick<AiMessageRow, 'id' | 'chat_id' | 'parent_id' | 'deleted'>;

/**
 * How many of an account's newest messages search reads first: when they hold enough matches,
 * those are the answer, and a common word never sorts the thousands of rows the index finds.
 */
export const searchRecentWindow = 2000;
/** The trigram index needs queries of at least this many characters. */
const trigramMin = 3;
/** (SQLite) Most trigrams a query of 1 or 2 characters is looked up by. */
const shortQueryTermsMax = 2000;

/** What an account without a row has: synced, nothing stored. */
export const freshAccount = (userId: string): AiHistoryAccountRow => ({
  user_id: userId,
  mode: 'synced',
  revision: 0,
  used_bytes: 0,
});

/** Every read and write of an account's AI history (docs/product.md#ai-history-sync). */
export class AiHistoryRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly engine: Engine,
  ) {}

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
      .select(messageColumns)
      .where('user_id', '=', userId)
      .where('id', 'in', ids)
      .execute();
  }

  /** Every message of these chats (tombstones too), as links of their trees. */
  async messageLinks(userId: string, chatIds: string[]): Promise<AiMessageLink[]> {
    if (chatIds.length === 0) return [];
    return this.db
      .selectFrom('ai_messages')
      .select(['id', 'chat_id', 'parent_id', 'deleted'])
      .where('user_id', '=', userId)
      .where('chat_id', 'in', chatIds)
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

  /**
   * Writes message rows, new or changed (one statement; ids must be distinct), with their
   * search text, and (SQLite) their entries in the search index.
   */
  async putMessages(rows: AiMessageRow[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('ai_messages')
      .values(rows.map((row) => this.withSearch(row)))
      .onConflict((oc) =>
        oc.columns(['user_id', 'id']).doUpdateSet((eb) => ({
          chat_id: eb.ref('excluded.chat_id'),
          revision: eb.ref('excluded.revision'),
          deleted: eb.ref('excluded.deleted'),
          data: eb.ref('excluded.data'),
          size: eb.ref('excluded.size'),
          created_at: eb.ref('excluded.created_at'),
          parent_id: eb.ref('excluded.parent_id'),
          search_text: eb.ref('excluded.search_text'),
          ...(this.engine === 'postgres' && { search_grams: eb.ref('excluded.search_grams') }),
        })),
      )
      .execute();
    if (this.engine !== 'sqlite') return;
    const byUser = new Map<string, string[]>();
    for (const row of rows) byUser.set(row.user_id, [...(byUser.get(row.user_id) ?? []), row.id]);
    for (const [userId, ids] of byUser) {
      // A changed row keeps its rowid: its old entry goes, its new text (if any) comes.
      const rowids = sql`(select rowid from ai_messages where user_id = ${userId} and id in (${sql.join(ids)}))`;
      await sql`delete from ai_message_search where rowid in ${rowids}`.execute(this.db);
      await sql`insert into ai_message_search (rowid, body)
        select rowid, search_text || '  ' from ai_messages
        where user_id = ${userId} and id in (${sql.join(ids)}) and search_text is not null`.execute(
        this.db,
      );
    }
  }

  /** The row with what search reads of it: its folded text (and on PostgreSQL its grams). */
  private withSearch(row: AiMessageRow) {
    const text = searchTextOfRow(row);
    if (this.engine === 'sqlite') return { ...row, search_text: text };
    return { ...row, search_text: text, search_grams: text === null ? null : searchGrams(text) };
  }

  /** (SQLite) Removes the search entries of the rows `where` picks, before the rows go. */
  private async unindex(where: ReturnType<typeof sql>): Promise<void> {
    if (this.engine !== 'sqlite') return;
    await sql`delete from ai_message_search where rowid in (select rowid from ai_messages where ${where})`.execute(
      this.db,
    );
  }

  /** Removes every message row of a chat (tombstones too); returns what was removed. */
  async removeChatMessages(
    userId: string,
    chatId: string,
  ): Promise<{ id: string; size: number }[]> {
    await this.unindex(sql`user_id = ${userId} and chat_id = ${chatId}`);
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
    await this.unindex(sql`user_id = ${userId}`);
    await this.db.deleteFrom('ai_messages').where('user_id', '=', userId).execute();
    await this.db.deleteFrom('ai_chats').where('user_id', '=', userId).execute();
  }

  /**
   * Up to `limit` of the account's live messages whose search text holds `folded` (a folded
   * query), newest first:
   * 1. among the account's newest `searchRecentWindow` messages: enough matches there are the
   *    answer (a common word stops here), and so are those found when that was all of them;
   * 2. otherwise, for 3 characters or more, the matches the trigram index finds (then few);
   * 3. otherwise (1 or 2 characters, which no trigram holds), through the index of the terms
   *    that begin with them (SQLite) or of characters and pairs of characters (PostgreSQL).
   */
  async searchMessages(userId: string, folded: string, limit: number): Promise<AiMessageHit[]> {
    const holds =
      this.engine === 'sqlite'
        ? sql`instr(search_text, ${folded}) > 0`
        : sql`strpos(search_text, ${folded}) > 0`;
    const recent = await sql<AiMessageHit>`
      select id, chat_id, created_at, data from (
        select id, chat_id, created_at, data, search_text from ai_messages
        where user_id = ${userId} and deleted = 0
        order by created_at desc limit ${searchRecentWindow}
      ) recent
      where ${holds}
      order by created_at desc, id desc limit ${limit}`.execute(this.db);
    if (recent.rows.length === limit) return recent.rows;
    // An account whose every message was in the window has its answer already.
    const { rows } = await sql<{ n: number | string }>`
      select count(*) as n from (
        select 1 from ai_messages where user_id = ${userId} and deleted = 0
        limit ${searchRecentWindow + 1}
      ) live`.execute(this.db);
    if (Number(rows[0]?.n ?? 0) <= searchRecentWindow) return recent.rows;
    if ([...folded].length >= trigramMin) {
      const found =
        this.engine === 'sqlite'
          ? await sql<AiMessageHit>`
            select m.id, m.chat_id, m.created_at, m.data
            from ai_message_search s join ai_messages m on m.rowid = s.rowid
            where ai_message_search match ${ftsPhrase(folded)}
              and m.user_id = ${userId} and m.deleted = 0 and instr(m.search_text, ${folded}) > 0
            order by m.created_at desc, m.id desc limit ${limit}`.execute(this.db)
          : await this.postgresMatches(
              userId,
              sql`search_text like ${`%${likeEscaped(folded)}%`} escape '\\'`,
              limit,
            );
      return found.rows;
    }
    return this.engine === 'sqlite'
      ? this.searchShortSqlite(userId, folded, limit)
      : this.searchShortPostgres(userId, folded, limit);
  }

  /**
   * A query of 1 or 2 characters on SQLite: the trigrams of the index that begin with it (every
   * text is indexed with two spaces after it, so each of its characters begins one), then the
   * messages holding any of them. Past `shortQueryTermsMax` such trigrams, the account's rows
   * are read newest first instead.
   */
  private async searchShortSqlite(
    userId: string,
    folded: string,
    limit: number,
  ): Promise<AiMessageHit[]> {
    const terms = await sql<{ term: string }>`
      select term from ai_message_search_terms
      where term >= ${folded} and term < ${`${folded}\u{10ffff}`}
      limit ${shortQueryTermsMax + 1}`.execute(this.db);
    const holds = sql`instr(m.search_text, ${folded}) > 0`;
    if (terms.rows.length === 0) return [];
    if (terms.rows.length > shortQueryTermsMax) {
      const scanned = await sql<AiMessageHit>`
        select m.id, m.chat_id, m.created_at, m.data from ai_messages m
        where m.user_id = ${userId} and m.deleted = 0 and ${holds}
        order by m.created_at desc, m.id desc limit ${limit}`.execute(this.db);
      return scanned.rows;
    }
    const match = terms.rows.map(({ term }) => ftsPhrase(term)).join(' OR ');
    const found = await sql<AiMessageHit>`
      select m.id, m.chat_id, m.created_at, m.data
      from ai_message_search s join ai_messages m on m.rowid = s.rowid
      where ai_message_search match ${match}
        and m.user_id = ${userId} and m.deleted = 0 and ${holds}
      order by m.created_at desc, m.id desc limit ${limit}`.execute(this.db);
    return found.rows;
  }

  /** A query of 1 or 2 characters on PostgreSQL: the index of characters and pairs. */
  private async searchShortPostgres(
    userId: string,
    folded: string,
    limit: number,
  ): Promise<AiMessageHit[]> {
    const found = await this.postgresMatches(
      userId,
      sql`search_grams @> array[${folded}]::text[]`,
      limit,
    );
    return found.rows;
  }

  /**
   * (PostgreSQL) The account's rows `matches` picks, then the newest of them. Materialised
   * apart from the order: given `order by created_at limit`, the planner walked the account's
   * rows newest first testing each (seconds over 100,000 rows for a word in none of them),
   * where the GIN index finds the few matches at once (and a small account's rows are few).
   */
  private postgresMatches(userId: string, matches: ReturnType<typeof sql>, limit: number) {
    return sql<AiMessageHit>`
      with found as materialized (
        select id, chat_id, created_at, data from ai_messages
        where user_id = ${userId} and deleted = 0 and ${matches}
      )
      select id, chat_id, created_at, data from found
      order by created_at desc, id desc limit ${limit}`.execute(this.db);
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

function searchTextOfRow(row: AiMessageRow): string | null {
  if (row.deleted || row.data === null) return null;
  return searchTextOf(JSON.parse(row.data) as { prompt: string; reply: string });
}

/** An FTS5 phrase: the text in double quotes, its own double quotes doubled. */
function ftsPhrase(text: string): string {
  return `"${text.replaceAll('"', '""')}"`;
}

/** LIKE's wildcards and its escape character, taken literally. */
function likeEscaped(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}
