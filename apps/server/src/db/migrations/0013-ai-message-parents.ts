import { PostgresAdapter, sql, type Kysely } from 'kysely';

/**
 * Versions and branches of AI chats (docs/product.md#versions-and-branches): each message row
 * names the message it follows (`parent_id`, null for a chat's first), which a push is checked
 * against. Messages stored before were shown in the order they were created: each now follows
 * the one created before it in its chat, as the devices link their own copies (same order: the
 * creation time, then the id byte by byte).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema.alterTable('ai_messages').addColumn('parent_id', 'text').execute();
  const byBytes = postgres ? sql`collate "C"` : sql``;
  await sql`update ai_messages set parent_id = (
      select p.id from ai_messages p
      where p.user_id = ai_messages.user_id and p.chat_id = ai_messages.chat_id and p.deleted = 0
        and (p.created_at < ai_messages.created_at
          or (p.created_at = ai_messages.created_at and p.id ${byBytes} < ai_messages.id ${byBytes}))
      order by p.created_at desc, p.id ${byBytes} desc
      limit 1)
    where deleted = 0`.execute(db);
  // A push reads the links of the chats it writes to.
  await db.schema
    .createIndex('ai_messages_user_chat_parent')
    .on('ai_messages')
    .columns(['user_id', 'chat_id', 'parent_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('ai_messages_user_chat_parent').execute();
  await db.schema.alterTable('ai_messages').dropColumn('parent_id').execute();
}
