import type { Kysely } from 'kysely';

/**
 * AI messages in friend chats (docs/product.md#ai-in-chat): a shared AI answer and an answer
 * asked inside the chat keep their snapshot as JSON beside the readable content. The content
 * type column keeps 'text' for them (its check allows only text, image and file, and SQLite
 * cannot change a check without rebuilding the table); the view names them by the payload.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('ai_payload', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').dropColumn('ai_payload').execute();
}
