import { sql, type Kysely } from 'kysely';

/**
 * A file lives as long as a message carries it. `sent_at` is when a send first named the file
 * (null while no send has): the sweep removes files never sent after a few minutes, and
 * `carried` is set once it has seen a stored message carrying the file (a send that named it
 * but was refused leaves it 0, and the file goes too). The quota sums a user's files.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('chat_files').addColumn('sent_at', 'bigint').execute();
  await db.schema
    .alterTable('chat_files')
    .addColumn('carried', 'integer', (col) => col.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('chat_files_uploader_id')
    .on('chat_files')
    .column('uploader_id')
    .execute();
  // The sweep reads only files whose carrying message it has not seen yet: a few minutes' worth.
  await db.schema
    .createIndex('chat_files_uncarried')
    .on('chat_files')
    .column('created_at')
    .where(sql.ref('carried'), '=', sql.lit(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('chat_files_uncarried').execute();
  await db.schema.dropIndex('chat_files_uploader_id').execute();
  await db.schema.alterTable('chat_files').dropColumn('carried').execute();
  await db.schema.alterTable('chat_files').dropColumn('sent_at').execute();
}
