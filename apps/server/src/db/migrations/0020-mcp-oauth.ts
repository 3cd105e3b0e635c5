import type { Kysely } from 'kysely';

/**
 * OAuth sign-in to MCP servers (docs/product.md#mcp-oauth): a server's OAuth settings (sealed
 * JSON, null for servers without), Confab's registration with each server's authorization
 * server, each user's tokens (sealed), and the sign-ins under way (state and PKCE verifier).
 * Personal servers (docs/product.md#mcp-personal): each user's own, and the settings of the
 * tool service that administrators change (whether users may add them).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mcp_servers').addColumn('auth', 'text').execute();

  await db.schema
    .createTable('mcp_oauth_clients')
    .addColumn('server_key', 'text', (col) => col.primaryKey())
    .addColumn('redirect_uri', 'text', (col) => col.notNull())
    .addColumn('client', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('mcp_oauth_tokens')
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('server_key', 'text', (col) => col.notNull())
    .addColumn('tokens', 'text', (col) => col.notNull())
    .addColumn('state', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('mcp_oauth_tokens_pk', ['user_id', 'server_key'])
    .execute();

  await db.schema
    .createTable('mcp_oauth_flows')
    .addColumn('state', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'text', (col) => col.notNull())
    .addColumn('server_key', 'text', (col) => col.notNull())
    .addColumn('verifier', 'text', (col) => col.notNull())
    .addColumn('discovery', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'bigint', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('mcp_oauth_flows_expiry')
    .on('mcp_oauth_flows')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('mcp_personal_servers')
    .addColumn('owner_id', 'text', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('transport_type', 'text', (col) => col.notNull())
    .addColumn('url', 'text', (col) => col.notNull())
    .addColumn('headers', 'text', (col) => col.notNull())
    .addColumn('approval_policy', 'text', (col) => col.notNull())
    .addColumn('created_at', 'bigint', (col) => col.notNull())
    .addPrimaryKeyConstraint('mcp_personal_servers_pk', ['owner_id', 'key'])
    .execute();

  await db.schema
    .createTable('mcp_settings')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('value', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'bigint', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('mcp_settings').execute();
  await db.schema.dropTable('mcp_personal_servers').execute();
  await db.schema.dropTable('mcp_oauth_flows').execute();
  await db.schema.dropTable('mcp_oauth_tokens').execute();
  await db.schema.dropTable('mcp_oauth_clients').execute();
  await db.schema.alterTable('mcp_servers').dropColumn('auth').execute();
}
