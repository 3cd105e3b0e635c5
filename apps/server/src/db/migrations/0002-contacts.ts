import { sql, type Kysely } from 'kysely';

/**
 * Friend requests (one row per pair of users, whichever direction) and the minimal one-to-one
 * chat tables: accepting a request finds or creates the pair's chat, which the social chat
 * feature builds on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('friend_requests')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('sender_id', 'text', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('receiver_id', 'text', (col) =>
      col.notNull().references('users.id').onDelete('cascade'),
    )
    // "{smaller id}:{larger id}": unique, so a pair has one request whoever sent it.
    .addColumn('pair_key', 'text', (col) => col.notNull().unique())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('blocked_by', 'text', (col) => col.references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addCheckConstraint(
      'friend_requests_status',
      sql`status in ('pending', 'accepted', 'rejected', 'blocked')`,
    )
    .addCheckConstraint('friend_requests_not_self', sql`sender_id <> receiver_id`)
    .execute();
  await db.schema
    .createIndex('friend_requests_sender_id')
    .on('friend_requests')
    .column('sender_id')
    .execute();
  await db.schema
    .createIndex('friend_requests_receiver_id')
    .on('friend_requests')
    .column('receiver_id')
    .execute();

  await db.schema
    .createTable('chats')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('type', 'text', (col) => col.notNull().defaultTo('private'))
    // The sorted pair of user ids for a private chat; null for other kinds of chat.
    .addColumn('pair_key', 'text', (col) => col.unique())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('chat_participants')
    .addColumn('chat_id', 'text', (col) => col.notNull().references('chats.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('joined_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('chat_participants_pk', ['chat_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('chat_participants_user_id')
    .on('chat_participants')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('chat_participants').execute();
  await db.schema.dropTable('chats').execute();
  await db.schema.dropTable('friend_requests').execute();
}
