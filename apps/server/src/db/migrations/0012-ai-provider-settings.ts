import type { Kysely } from 'kysely';

/**
 * Provider settings synced between an account's devices (docs/product.md#settings-and-key-sync):
 * one row per account with the settings as the devices send them (JSON, never an API key) and,
 * when the user opted in, the keys sealed in the browser (JSON; ciphertext the server cannot
 * open). Removed with the account, and when the account keeps its AI chats on its devices only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('ai_provider_settings')
    .addColumn('user_id', 'text', (col) =>
      col.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('settings', 'text', (col) => col.notNull())
    .addColumn('sealed_keys', 'text')
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('ai_provider_settings').execute();
}
