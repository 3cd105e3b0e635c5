import type { Kysely } from 'kysely';

/**
 * Link previews kept for every node (docs/product.md#link-previews): one row per page address,
 * keyed by its SHA-256, with the preview's texts and its image (base64 text: one column type
 * on both engines). A row without a title, description or image records a page that had no
 * preview, so it is not fetched again at once. Rows older than the cache's lifetime are
 * fetched again and swept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('link_previews')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('title', 'text')
    .addColumn('description', 'text')
    .addColumn('site_name', 'text')
    .addColumn('image_type', 'text')
    .addColumn('image_data', 'text')
    .addColumn('fetched_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('link_previews_fetched_at')
    .on('link_previews')
    .column('fetched_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('link_previews').execute();
}
