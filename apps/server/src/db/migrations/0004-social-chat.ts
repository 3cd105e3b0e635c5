import { sql, type Kysely } from 'kysely';

/**
 * Social chat: messages with a per-chat sequence number and the sender's client id (exactly
 * once), each participant's own view of a chat, and the chat's last sequence number.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // The send's transaction takes the next number with `last_seq = last_seq + 1`, which also
  // serialises concurrent sends to one chat on PostgreSQL (the row is locked until commit).
  await db.schema
    .alterTable('chats')
    .addColumn('last_seq', 'bigint', (col) => col.notNull().defaultTo(0))
    .execute();

  // One statement per column: SQLite's ALTER TABLE adds one column at a time.
  const participantColumns: [string, 'integer' | 'bigint' | 'text', boolean][] = [
    ['unread', 'integer', true],
    ['last_read_seq', 'bigint', true],
    ['pinned', 'integer', true],
    ['pinned_order', 'integer', false],
    ['archived', 'integer', true],
    ['muted', 'integer', true],
    ['blocked', 'integer', true],
    ['hidden', 'integer', true],
    ['nickname', 'text', false],
  ];
  for (const [name, type, zeroByDefault] of participantColumns) {
    await db.schema
      .alterTable('chat_participants')
      .addColumn(name, type, (col) => (zeroByDefault ? col.notNull().defaultTo(0) : col))
      .execute();
  }

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('chat_id', 'text', (col) => col.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('seq', 'bigint', (col) => col.notNull())
    .addColumn('sender_id', 'text', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('client_id', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('content_type', 'text', (col) => col.notNull())
    // The file as it was when sent (JSON of the protocol's Attachment), or null.
    .addColumn('attachment', 'text')
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('edited_at', 'bigint')
    .addColumn('deleted', 'integer', (col) => col.notNull().defaultTo(0))
    .addCheckConstraint('messages_content_type', sql`content_type in ('text', 'image', 'file')`)
    .execute();
  // Pages of history and catch-up read a chat by sequence number.
  await db.schema
    .createIndex('messages_chat_seq')
    .on('messages')
    .columns(['chat_id', 'seq'])
    .unique()
    .execute();
  // Exactly once: a retried send hits this index and gets the original message back.
  await db.schema
    .createIndex('messages_sender_client')
    .on('messages')
    .columns(['sender_id', 'client_id'])
    .unique()
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('messages').execute();
  for (const name of [
    'nickname',
    'hidden',
    'blocked',
    'muted',
    'archived',
    'pinned_order',
    'pinned',
    'last_read_seq',
    'unread',
  ]) {
    await db.schema.alterTable('chat_participants').dropColumn(name).execute();
  }
  await db.schema.alterTable('chats').dropColumn('last_seq').execute();
}
