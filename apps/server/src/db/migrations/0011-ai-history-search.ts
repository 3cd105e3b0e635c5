import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { searchTextOf } from '@confab/protocol/ai-history-search';
import { searchGrams } from '../search-grams';

/**
 * Search of AI messages (docs/product.md#ai-history-search).
 *
 * - `ai_messages.search_text`: the message's prompt and reply, case-folded (null once deleted),
 *   written with the row by the repository.
 * - SQLite: `ai_message_search`, an FTS5 table with the trigram tokenizer over `search_text`
 *   (contentless: its rowid is the message row's rowid, and it keeps no second copy of the
 *   text), kept by the repository in the transaction of every write.
 * - PostgreSQL: a pg_trgm GIN index on `search_text`. Without the extension (not installed on
 *   the server), the migration leaves the index out and search scans the account's rows. And
 *   `ai_messages.search_grams`, the text's distinct characters and pairs of characters (the
 *   repository writes them), in a GIN index: queries of 1 or 2 characters.
 * - Both: an index of each account's messages newest first, which search reads in that order.
 *
 * Existing messages are folded here (in JavaScript, as later writes are) and indexed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('ai_messages').addColumn('search_text', 'text').execute();
  if (postgres) {
    await db.schema
      .alterTable('ai_messages')
      .addColumn('search_grams', sql`text[]`)
      .execute();
  }
  await db.schema
    .createIndex('ai_messages_user_created')
    .on('ai_messages')
    .columns(['user_id', 'created_at'])
    .execute();
  await backfill(db, postgres);
  if (postgres) {
    await sql`create index ai_messages_search_grams on ai_messages using gin (search_grams)`.execute(
      db,
    );
    await createTrigramIndex(db);
  } else {
    // Case-sensitive: the text is folded already (in JavaScript, as queries are), and a second
    // folding by FTS5 could differ from it for a few characters.
    await sql`create virtual table ai_message_search using fts5(body, content='', contentless_delete=1, tokenize='trigram case_sensitive 1')`.execute(
      db,
    );
    // The index's terms (trigrams): a query of 1 or 2 characters looks up the terms it begins.
    await sql`create virtual table ai_message_search_terms using fts5vocab(ai_message_search, 'row')`.execute(
      db,
    );
    // Two spaces after the text (as the repository writes it): its last characters begin a
    // trigram too. A query never ends in a space (it is trimmed), so they match nothing else.
    await sql`insert into ai_message_search (rowid, body) select rowid, search_text || '  ' from ai_messages where search_text is not null`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  if (postgres) {
    await sql`drop index if exists ai_messages_search_trgm`.execute(db);
    await sql`drop index if exists ai_messages_search_grams`.execute(db);
    await db.schema.alterTable('ai_messages').dropColumn('search_grams').execute();
  } else {
    await sql`drop table if exists ai_message_search_terms`.execute(db);
    await sql`drop table if exists ai_message_search`.execute(db);
  }
  await db.schema.dropIndex('ai_messages_user_created').execute();
  await db.schema.alterTable('ai_messages').dropColumn('search_text').execute();
}

/** Folds the stored messages' text, a page at a time. */
async function backfill(db: Kysely<unknown>, postgres: boolean): Promise<void> {
  interface Row {
    user_id: string;
    id: string;
    data: string;
  }
  let after: { user_id: string; id: string } | undefined;
  for (;;) {
    const page = await sql<Row>`
      select user_id, id, data from ai_messages
      where data is not null
      ${after ? sql`and (user_id > ${after.user_id} or (user_id = ${after.user_id} and id > ${after.id}))` : sql``}
      order by user_id, id limit 500`.execute(db);
    if (page.rows.length === 0) return;
    for (const row of page.rows) {
      const text = searchTextOf(JSON.parse(row.data) as { prompt: string; reply: string });
      const grams = postgres ? sql`, search_grams = ${searchGrams(text)}` : sql``;
      await sql`update ai_messages set search_text = ${text} ${grams}
        where user_id = ${row.user_id} and id = ${row.id}`.execute(db);
    }
    const last = page.rows[page.rows.length - 1]!;
    after = { user_id: last.user_id, id: last.id };
  }
}

/**
 * The trigram index, if pg_trgm can be had: tried under a savepoint, so a server without the
 * extension (or a role that may not create it) leaves the migration's transaction usable.
 */
async function createTrigramIndex(db: Kysely<unknown>): Promise<void> {
  const available = await sql<{ name: string }>`
    select name from pg_available_extensions where name = 'pg_trgm'`.execute(db);
  if (available.rows.length === 0) return;
  await sql`savepoint ai_history_search_trgm`.execute(db);
  try {
    await sql`create extension if not exists pg_trgm`.execute(db);
    await sql`create index ai_messages_search_trgm on ai_messages using gin (search_text gin_trgm_ops)`.execute(
      db,
    );
    await sql`release savepoint ai_history_search_trgm`.execute(db);
  } catch {
    await sql`rollback to savepoint ai_history_search_trgm`.execute(db);
  }
}
