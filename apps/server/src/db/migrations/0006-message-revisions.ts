import { sql, type Kysely } from 'kysely';

/**
 * Edits and deletions get a per-chat revision number, so a tab that was away learns of them
 * in its catch-up (`sync` with `afterRevision`) as exactly as it learns of new messages by
 * `seq`. A message never changed keeps revision 0.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // An edit takes the next number with `last_revision = last_revision + 1`, like a send's seq.
  await db.schema
    .alterTable('chats')
    .addColumn('last_revision', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('messages')
    .addColumn('revision', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();
  // The catch-up reads a chat's changes by revision. Only changed messages are indexed, so a
  // send (revision 0) has one index fewer to update.
  await db.schema
    .createIndex('messages_chat_revision')
    .on('messages')
    .columns(['chat_id', 'revision'])
    .where(sql.ref('revision'), '>', sql.lit(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('messages_chat_revision').execute();
  await db.schema.alterTable('messages').dropColumn('revision').execute();
  await db.schema.alterTable('chats').dropColumn('last_revision').execute();
}
