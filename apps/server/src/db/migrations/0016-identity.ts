import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Identity (docs/product.md#identity): a display name beside the username, an avatar image
 * (its bytes in their own table, so listing users never reads them; the database is shared by
 * every node, so any node serves any avatar), and when a user was last online.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('users').addColumn('display_name', 'text').execute();
  // The avatar's version (the moment it was stored), null without one: part of its address.
  await db.schema.alterTable('users').addColumn('avatar_version', 'bigint').execute();
  await db.schema.alterTable('users').addColumn('last_seen_at', 'bigint').execute();
  await db.schema
    .createTable('user_avatars')
    .addColumn('user_id', 'text', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('mime_type', 'text', (col) => col.notNull())
    .addColumn('bytes', postgres ? sql`bytea` : sql`blob`, (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_avatars').execute();
  await db.schema.alterTable('users').dropColumn('last_seen_at').execute();
  await db.schema.alterTable('users').dropColumn('avatar_version').execute();
  await db.schema.alterTable('users').dropColumn('display_name').execute();
}
