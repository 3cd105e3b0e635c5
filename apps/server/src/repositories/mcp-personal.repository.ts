import type { Kysely, Selectable } from 'kysely';
import { mcpApprovalPolicySchema, mcpHeadersSchema } from '@confab/protocol/mcp';
import type { Database, McpPersonalServersTable } from '../db/schema';
import type { SecretBox } from '../lib/secret-box';
import type { AdminServerDefinition } from './mcp-server.repository';

/** A user's own server: like one an administrator adds, without OAuth, and with its owner. */
export type PersonalServerDefinition = Omit<AdminServerDefinition, 'auth' | 'active'> & {
  ownerId: string;
};

type Row = Selectable<McpPersonalServersTable>;

const headersContext = (ownerId: string, key: string) => `mcp-personal:${ownerId}:${key}`;
const personalPolicySetting = 'personal_servers';

function toDefinition(row: Row, box: SecretBox): PersonalServerDefinition {
  let parsedHeaders: unknown;
  try {
    parsedHeaders = JSON.parse(box.open(row.headers, headersContext(row.owner_id, row.key)));
  } catch {
    parsedHeaders = {};
  }
  const headers = mcpHeadersSchema.safeParse(parsedHeaders);
  const policy = mcpApprovalPolicySchema.safeParse(row.approval_policy);
  return {
    ownerId: row.owner_id,
    key: row.key,
    name: row.name,
    description: row.description,
    transport: {
      type: row.transport_type === 'sse' ? 'sse' : 'streamable-http',
      url: row.url,
      headers: headers.success ? headers.data : {},
    },
    approvalPolicy: policy.success ? policy.data : 'always ask',
  };
}

/**
 * Users' own MCP servers, each read and written only with its owner's id, and the policy that
 * allows them. Header values are sealed, bound to owner and key.
 */
export class McpPersonalRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly box: SecretBox,
  ) {}

  async list(ownerId: string): Promise<PersonalServerDefinition[]> {
    const rows = await this.db
      .selectFrom('mcp_personal_servers')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .orderBy('key')
      .execute();
    return rows.map((row) => toDefinition(row, this.box));
  }

  async find(ownerId: string, key: string): Promise<PersonalServerDefinition | undefined> {
    const row = await this.db
      .selectFrom('mcp_personal_servers')
      .selectAll()
      .where('owner_id', '=', ownerId)
      .where('key', '=', key)
      .executeTakeFirst();
    return row && toDefinition(row, this.box);
  }

  /** Throws a unique violation when the owner already has the key. */
  async insert(server: PersonalServerDefinition, now: number): Promise<void> {
    await this.db
      .insertInto('mcp_personal_servers')
      .values({
        owner_id: server.ownerId,
        key: server.key,
        name: server.name,
        description: server.description,
        transport_type: server.transport.type,
        url: server.transport.url,
        headers: this.box.seal(
          JSON.stringify(server.transport.headers),
          headersContext(server.ownerId, server.key),
        ),
        approval_policy: server.approvalPolicy,
        created_at: now,
      })
      .execute();
  }

  async remove(ownerId: string, key: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('mcp_personal_servers')
      .where('owner_id', '=', ownerId)
      .where('key', '=', key)
      .executeTakeFirst();
    return result.numDeletedRows > 0n;
  }

  async allowed(): Promise<boolean> {
    const row = await this.db
      .selectFrom('mcp_settings')
      .select('value')
      .where('name', '=', personalPolicySetting)
      .executeTakeFirst();
    return row?.value === 'on';
  }

  async setAllowed(allowed: boolean, now: number): Promise<void> {
    const value = allowed ? 'on' : 'off';
    await this.db
      .insertInto('mcp_settings')
      .values({ name: personalPolicySetting, value, updated_at: now })
      .onConflict((conflict) => conflict.column('name').doUpdateSet({ value, updated_at: now }))
      .execute();
  }
}
