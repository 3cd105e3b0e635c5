import type { Kysely } from 'kysely';

/**
 * AI history kept on the server (docs/product.md#ai-history-sync): per account a revision
 * counter, its mode and the bytes it holds, and its AI chats and messages as the JSON the
 * devices push, each stamped with the account revision of its last change. A deleted chat or
 * message stays as a tombstone (`deleted` 1, `data` null) so that every device learns of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // A push takes its revisions with `revision = revision + 1` on this row, which also
  // serialises concurrent pushes of one account on PostgreSQL (the row is locked until commit).
  await db.schema
    .createTable('ai_history_accounts')
    .addColumn('user_id', 'text', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('mode', 'text', (col) => col.notNull().defaultTo('synced'))
    .addColumn('revision', 'bigint', (col) => col.notNull().defaultTo(0))
    .addColumn('used_bytes', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('ai_chats')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    // The device's id: unique within the account only.
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('revision', 'bigint', (col) => col.notNull())
    .addColumn('deleted', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('data', 'text')
    .addColumn('size', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('ai_chats_pk', ['user_id', 'id'])
    .execute();
  // A pull reads an account's changes after a revision.
  await db.schema
    .createIndex('ai_chats_user_revision')
    .on('ai_chats')
    .columns(['user_id', 'revision'])
    .execute();

  await db.schema
    .createTable('ai_messages')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('id', 'text', (col) => col.notNull())
    .addColumn('chat_id', 'text', (col) => col.notNull())
    .addColumn('revision', 'bigint', (col) => col.notNull())
    .addColumn('deleted', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('data', 'text')
    .addColumn('size', 'integer', (col) => col.notNull().defaultTo(0))
    // The message's createdAt: the protocol allows any number there (not only integers), so
    // not a bigint, which would refuse 1.5.
    .addColumn('created_at', 'double precision', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('ai_messages_pk', ['user_id', 'id'])
    .execute();
  await db.schema
    .createIndex('ai_messages_user_revision')
    .on('ai_messages')
    .columns(['user_id', 'revision'])
    .execute();
  // Deleting a chat removes its messages.
  await db.schema
    .createIndex('ai_messages_user_chat')
    .on('ai_messages')
    .columns(['user_id', 'chat_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ai_messages').execute();
  await db.schema.dropTable('ai_chats').execute();
  await db.schema.dropTable('ai_history_accounts').execute();
}
