import type { Kysely, Selectable } from 'kysely';
import {
  mcpApprovalPolicySchema,
  mcpHeadersSchema,
  type McpRemoteTransport,
} from '@confab/protocol/mcp';
import type { McpServerDefinition } from '@confab/protocol/mcp-config-file';
import type { Database, McpServersTable } from '../db/schema';
import { SecretBox } from '../lib/secret-box';

/** How Confab signs users in to a server that wants OAuth (the administrator's settings). */
export interface McpOAuthSettings {
  clientId?: string;
  clientSecret?: string;
  scopes?: string;
}

/** A server an administrator added: always a remote transport; `auth` when it wants OAuth. */
export type AdminServerDefinition = McpServerDefinition & {
  transport: McpRemoteTransport;
  auth?: McpOAuthSettings | null;
};

const authContext = (key: string) => `${key}:auth`;

function authOf(row: Row, box: SecretBox): McpOAuthSettings | null {
  if (!row.auth) return null;
  const parsed = safeJson(box.open(row.auth, authContext(row.key)));
  if (!parsed || typeof parsed !== 'object') return {};
  const { clientId, clientSecret, scopes } = parsed as Record<string, unknown>;
  return {
    ...(typeof clientId === 'string' && clientId && { clientId }),
    ...(typeof clientSecret === 'string' && clientSecret && { clientSecret }),
    ...(typeof scopes === 'string' && scopes && { scopes }),
  };
}

type Row = Selectable<McpServersTable>;

/**
 * Header values (API keys, tokens) are stored sealed by the SecretBox, the row's key bound to
 * them; a row written before they were (plain JSON) still reads until `sealPlainHeaders`.
 * A sealed value the key does not open throws (SecretBoxError): never a server without them.
 */
function headersOf(row: Row, box: SecretBox): string {
  return SecretBox.isSealed(row.headers) ? box.open(row.headers, row.key) : row.headers;
}

function toDefinition(row: Row, box: SecretBox): AdminServerDefinition {
  // Rows are written by this repository only; a value that no longer parses (edited by hand)
  // falls back to a safe default rather than hiding the server.
  const headers = mcpHeadersSchema.safeParse(safeJson(headersOf(row, box)));
  const policy = mcpApprovalPolicySchema.safeParse(row.approval_policy);
  return {
    key: row.key,
    name: row.name,
    description: row.description,
    transport: {
      type: row.transport_type === 'sse' ? 'sse' : 'streamable-http',
      url: row.url,
      headers: headers.success ? headers.data : {},
    },
    approvalPolicy: policy.success ? policy.data : 'always ask',
    active: row.active === 1,
    auth: authOf(row, box),
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function toRow(server: AdminServerDefinition, now: number, box: SecretBox): Row {
  return {
    key: server.key,
    name: server.name,
    description: server.description,
    transport_type: server.transport.type,
    url: server.transport.url,
    headers: box.seal(JSON.stringify(server.transport.headers), server.key),
    approval_policy: server.approvalPolicy,
    active: server.active ? 1 : 0,
    created_at: now,
    updated_at: now,
    auth: server.auth ? box.seal(JSON.stringify(server.auth), authContext(server.key)) : null,
  };
}

export class McpServerRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly box: SecretBox,
  ) {}

  async listAdminServers(): Promise<AdminServerDefinition[]> {
    const rows = await this.db.selectFrom('mcp_servers').selectAll().orderBy('key').execute();
    return rows.map((row) => toDefinition(row, this.box));
  }

  /** Seals the header values of rows stored in plain text (by a version before sealing). */
  async sealPlainHeaders(): Promise<number> {
    const rows = await this.db
      .selectFrom('mcp_servers')
      .select(['key', 'headers'])
      .where('headers', 'not like', 'enc:%')
      .execute();
    for (const row of rows) {
      await this.db
        .updateTable('mcp_servers')
        .set({ headers: this.box.seal(row.headers, row.key) })
        .where('key', '=', row.key)
        .where('headers', '=', row.headers)
        .execute();
    }
    return rows.length;
  }

  async findAdminServer(key: string): Promise<AdminServerDefinition | undefined> {
    const row = await this.db
      .selectFrom('mcp_servers')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirst();
    return row && toDefinition(row, this.box);
  }

  /** Throws a unique violation when the key is taken. */
  async insertAdminServer(server: AdminServerDefinition, now: number): Promise<void> {
    await this.db
      .insertInto('mcp_servers')
      .values(toRow(server, now, this.box))
      .execute();
  }

  async updateAdminServer(server: AdminServerDefinition, now: number): Promise<boolean> {
    const { key: _key, created_at: _created, ...changes } = toRow(server, now, this.box);
    const result = await this.db
      .updateTable('mcp_servers')
      .set(changes)
      .where('key', '=', server.key)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  async setAdminServerActive(key: string, active: boolean, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('mcp_servers')
      .set({ active: active ? 1 : 0, updated_at: now })
      .where('key', '=', key)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /** The whole set at once: servers not named are removed, the others written. */
  async replaceAdminServers(servers: AdminServerDefinition[], now: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const keys = servers.map((server) => server.key);
      let removal = trx.deleteFrom('mcp_servers');
      if (keys.length > 0) removal = removal.where('key', 'not in', keys);
      await removal.execute();
      for (const server of servers) {
        const row = toRow(server, now, this.box);
        const { created_at: _created, key: _key, ...changes } = row;
        await trx
          .insertInto('mcp_servers')
          .values(row)
          .onConflict((conflict) => conflict.column('key').doUpdateSet(changes))
          .execute();
      }
    });
  }

  /** Administrators' active switches of the file's servers, by key. */
  async fileServerStates(): Promise<Map<string, boolean>> {
    const rows = await this.db.selectFrom('mcp_file_server_states').selectAll().execute();
    return new Map(rows.map((row) => [row.key, row.active === 1]));
  }

  /** An administrator's switch of one file server, or undefined when none was set. */
  async fileServerActive(key: string): Promise<boolean | undefined> {
    const row = await this.db
      .selectFrom('mcp_file_server_states')
      .select('active')
      .where('key', '=', key)
      .executeTakeFirst();
    return row && row.active === 1;
  }

  async setFileServerActive(key: string, active: boolean, now: number): Promise<void> {
    const value = active ? 1 : 0;
    await this.db
      .insertInto('mcp_file_server_states')
      .values({ key, active: value, updated_at: now })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({ active: value, updated_at: now }),
      )
      .execute();
  }
}
