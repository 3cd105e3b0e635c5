import type { Kysely } from 'kysely';

/**
 * MCP servers added by administrators (remote only: stdio servers live in the operator's file),
 * and the active switch of the file's servers, so that every node of a cluster agrees.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('mcp_servers')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('transport_type', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('headers', 'text', (col) => col.notNull())
    .addColumn('approval_policy', 'text', (col) => col.notNull())
    .addColumn('active', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('mcp_file_server_states')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('active', 'integer', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mcp_file_server_states').execute();
  await db.schema.dropTable('mcp_servers').execute();
}
