import { z } from 'zod';
import {
  mcpApprovalPolicySchema,
  mcpCredentialFreeUrlSchema,
  mcpHeadersSchema,
  mcpLimits,
  mcpServerKeySchema,
  stdioRefusal,
  type McpApprovalPolicy,
  type McpRemoteTransport,
  type McpTransport,
} from './mcp';

/**
 * The configuration format most MCP clients share, used by the operator's file DATA_DIR/mcp.json
 * and by `POST /api/mcp/putConfig`:
 *
 *   {"mcpServers": {"<key>": {"command", "args", "env"}                      (stdio)
 *                   "<key>": {"url", "headers", "type": "streamable-http" | "sse"}}}
 *
 * Every entry may also say `"disabled": true` (the server starts inactive) and carry Confab's
 * own optional `name`, `description` and `approvalPolicy`. `"type": "http"` is read as
 * streamable-http, as other clients write it; a `url` without a type is streamable-http.
 */

const entryExtras = {
  disabled: z.boolean({ error: 'disabled must be true or false' }).optional(),
  name: z.string().trim().max(mcpLimits.nameMax).optional(),
  description: z.string().trim().max(mcpLimits.descriptionMax).optional(),
  approvalPolicy: mcpApprovalPolicySchema.optional(),
};

export const mcpFileStdioEntrySchema = z.object({
  type: z.literal('stdio').optional(),
  command: z.string({ error: 'command must be a string' }).min(1, 'command is empty'),
  args: z.array(z.string(), { error: 'args must be an array of strings' }).default([]),
  env: z.record(z.string(), z.string(), { error: 'env must map names to strings' }).default({}),
  ...entryExtras,
});

export const mcpFileRemoteEntrySchema = z.object({
  type: z
    .enum(['streamable-http', 'http', 'sse'], {
      error: 'type must be "streamable-http" or "sse"',
    })
    .default('streamable-http'),
  url: mcpCredentialFreeUrlSchema,
  headers: mcpHeadersSchema.default({}),
  ...entryExtras,
});

/** One server as a configuration file defines it, in Confab's terms. */
export interface McpServerDefinition {
  key: string;
  name: string;
  description: string;
  transport: McpTransport;
  approvalPolicy: McpApprovalPolicy;
  active: boolean;
}

export interface ParsedMcpConfigFile {
  servers: McpServerDefinition[];
  /** Readable reasons for entries that were left out; the others still load. */
  problems: string[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const firstIssue = (error: z.ZodError) => {
  const [issue] = error.issues;
  if (!issue) return 'invalid';
  return issue.path.length ? `${issue.path.join('.')}: ${issue.message}` : issue.message;
};

function definitionFrom(
  key: string,
  entry: z.infer<typeof mcpFileStdioEntrySchema> | z.infer<typeof mcpFileRemoteEntrySchema>,
  transport: McpTransport,
): McpServerDefinition {
  return {
    key,
    name: entry.name || key,
    description: entry.description ?? '',
    transport,
    approvalPolicy: entry.approvalPolicy ?? 'always ask',
    active: entry.disabled !== true,
  };
}

function remoteTransport(entry: z.infer<typeof mcpFileRemoteEntrySchema>): McpRemoteTransport {
  return entry.type === 'sse'
    ? { type: 'sse', url: entry.url, headers: entry.headers }
    : { type: 'streamable-http', url: entry.url, headers: entry.headers };
}

/**
 * Reads the operator's file leniently: an entry that is wrong is named in `problems` and left
 * out, so one typo does not take every other server down.
 */
export function parseMcpConfigFile(json: unknown): ParsedMcpConfigFile {
  if (!isObject(json) || !isObject(json.mcpServers)) {
    return {
      servers: [],
      problems: ['The file must be a JSON object with an "mcpServers" object'],
    };
  }
  const servers: McpServerDefinition[] = [];
  const problems: string[] = [];
  for (const [key, entry] of Object.entries(json.mcpServers)) {
    const keyResult = mcpServerKeySchema.safeParse(key);
    if (!keyResult.success || keyResult.data !== key) {
      problems.push(
        `"${key}": ${keyResult.success ? 'key must not start or end with spaces' : firstIssue(keyResult.error)}`,
      );
      continue;
    }
    if (!isObject(entry)) {
      problems.push(`"${key}": must be an object`);
      continue;
    }
    if ('command' in entry) {
      const parsed = mcpFileStdioEntrySchema.safeParse(entry);
      if (!parsed.success) problems.push(`"${key}": ${firstIssue(parsed.error)}`);
      else {
        const { command, args, env } = parsed.data;
        servers.push(definitionFrom(key, parsed.data, { type: 'stdio', command, args, env }));
      }
    } else if ('url' in entry) {
      const parsed = mcpFileRemoteEntrySchema.safeParse(entry);
      if (!parsed.success) problems.push(`"${key}": ${firstIssue(parsed.error)}`);
      else servers.push(definitionFrom(key, parsed.data, remoteTransport(parsed.data)));
    } else {
      problems.push(`"${key}": needs a "command" (stdio) or a "url" (streamable-http, sse)`);
    }
  }
  return { servers, problems };
}

/** A remote entry given through the API; a stdio entry is refused with the reason. */
const putConfigEntrySchema = z
  .unknown()
  .superRefine((entry, ctx) => {
    if (isObject(entry) && 'command' in entry)
      ctx.addIssue({ code: 'custom', message: stdioRefusal });
  })
  .pipe(mcpFileRemoteEntrySchema.strict());

/**
 * `POST /api/mcp/putConfig` (admins): the servers added through the API, as a whole, in the file
 * format. Servers not named are removed; remote entries only.
 */
export const mcpPutConfigBodySchema = z.strictObject({
  mcpServers: z
    .record(mcpServerKeySchema, putConfigEntrySchema, {
      error: 'mcpServers must be an object of server keys to server entries',
    })
    .refine((servers) => Object.keys(servers).length <= 100, {
      message: 'At most 100 servers',
    }),
});
export type McpPutConfigBody = z.infer<typeof mcpPutConfigBodySchema>;

/** The definitions a putConfig body stands for. */
export function definitionsFromPutConfig(body: McpPutConfigBody): McpServerDefinition[] {
  return Object.entries(body.mcpServers).map(([key, entry]) =>
    definitionFrom(key, entry, remoteTransport(entry)),
  );
}

/** One remote server written back in the file format (for editing a putConfig body). */
export function toMcpConfigEntry(definition: {
  name: string;
  description: string;
  key: string;
  transport: McpRemoteTransport;
  approvalPolicy: McpApprovalPolicy;
  active: boolean;
}): z.input<typeof mcpFileRemoteEntrySchema> {
  return {
    type: definition.transport.type,
    url: definition.transport.url,
    ...(Object.keys(definition.transport.headers).length > 0 && {
      headers: definition.transport.headers,
    }),
    ...(definition.name !== definition.key && { name: definition.name }),
    ...(definition.description && { description: definition.description }),
    approvalPolicy: definition.approvalPolicy,
    ...(!definition.active && { disabled: true }),
  };
}
