import type { Kysely } from 'kysely';

/**
 * Each OAuth sign-in under way keeps the redirect URI it started with, so the code exchange
 * names that one and never one taken from the callback's request. Sign-ins under way (ten
 * minutes at most) are dropped: they have no redirect URI to finish with.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.deleteFrom('mcp_oauth_flows' as never).execute();
  await db.schema
    .alterTable('mcp_oauth_flows')
    .addColumn('redirect_uri', 'text', (col) => col.notNull().defaultTo(''))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mcp_oauth_flows').dropColumn('redirect_uri').execute();
}
