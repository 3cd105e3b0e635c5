import type { Kysely } from 'kysely';

/**
 * Each account's role, stored with it: the admin role is given by the operator (`npm run
 * admin -- grant <username>`), never by the name an account registers under.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('users')
    .addColumn('role', 'text', (col) => col.notNull().defaultTo('user'))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('role').execute();
}
