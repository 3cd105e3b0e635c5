import type { Kysely } from 'kysely';

/**
 * "AI in this chat" (docs/product.md#ask-ai-in-chat): each participant's own consent to asking
 * AI in the chat, off (0) by default; an answer may be asked only while both rows say 1.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('chat_participants')
    .addColumn('ai_enabled', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_participants').dropColumn('ai_enabled').execute();
}
