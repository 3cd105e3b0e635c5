import type { Kysely } from 'kysely';

/**
 * Replies, forwards, reactions and messages deleted for one user
 * (docs/product.md#message-extras). A reply names the message it answers; a forwarded copy
 * keeps JSON of its mark (who it is from, when that may be told). Reactions and hides are rows
 * of their own: each belongs to one user, and a message's own row is written by its sends only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('reply_to_id', 'text').execute();
  await db.schema.alterTable('messages').addColumn('forward', 'text').execute();
  await db.schema
    .createTable('message_reactions')
    .addColumn('message_id', 'text', (col) =>
      col.notNull().references('messages.id').onDelete('cascade'),
    )
    .addColumn('chat_id', 'text', (col) => col.notNull())
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('emoji', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('message_reactions_pk', ['message_id', 'user_id', 'emoji'])
    .execute();
  await db.schema
    .createTable('hidden_messages')
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('message_id', 'text', (col) =>
      col.notNull().references('messages.id').onDelete('cascade'),
    )
    .addColumn('chat_id', 'text', (col) => col.notNull())
    .addColumn('seq', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('hidden_messages_pk', ['user_id', 'message_id'])
    .execute();
  // The catch-up reads a user's hides in one chat by seq.
  await db.schema
    .createIndex('hidden_messages_user_chat_seq')
    .on('hidden_messages')
    .columns(['user_id', 'chat_id', 'seq'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('hidden_messages').execute();
  await db.schema.dropTable('message_reactions').execute();
  await db.schema.alterTable('messages').dropColumn('forward').execute();
  await db.schema.alterTable('messages').dropColumn('reply_to_id').execute();
}
