import { z } from 'zod';
import { mcpCallIdSchema } from './mcp-input';
import { mcpOAuthConnectionStates, mcpOAuthInputSchema, mcpOAuthViewSchema } from './mcp-oauth';
import { mcpPersonalPolicySchema } from './mcp-personal';

/**
 * The tool service (docs/product.md#rest-mcp): MCP servers, tools, calls and results, and every
 * body and reply of /api/mcp/*. The mcp.json file format is in ./mcp-config-file, the helpers
 * that offer tools to models are in ./mcp-model-tools.
 */

export const mcpLimits = {
  keyMax: 32,
  nameMax: 100,
  descriptionMax: 1000,
  urlMax: 2048,
  headersMax: 32,
  headerValueMax: 8192,
  commandMax: 1024,
  argsMax: 64,
  toolNameMax: 128,
  /** Default time a tool call may take before it is cancelled (operator: MCP_CALL_TIMEOUT_MS). */
  callTimeoutMs: 60_000,
  /** Default largest tool result, measured as the JSON of its content (MCP_RESULT_MAX_BYTES). */
  resultMaxBytes: 1024 * 1024,
} as const;

/**
 * A server's key names it in tool names (`{client}--{toolName}`), so it may not contain "--" and
 * keeps to the characters model providers accept in function names.
 */
export const mcpServerKeyPattern = /^[A-Za-z0-9_]+(?:-[A-Za-z0-9_]+)*$/;

/** The key under which the app's own tools are named (`confab--search_tools`). */
export const reservedToolServerKey = 'confab';

export const mcpServerKeySchema = z
  .string({ error: 'Server key is required' })
  .trim()
  .min(1, 'Server key is required')
  .max(mcpLimits.keyMax, `Server key must be at most ${mcpLimits.keyMax} characters`)
  .regex(
    mcpServerKeyPattern,
    'Server key may contain letters, digits, underscores and single hyphens (no "--", no hyphen at either end)',
  )
  // The app's own tools (the tool search step) are named under this key: a server may not take it.
  .refine((key) => key.toLowerCase() !== reservedToolServerKey, {
    message: `Server key "${reservedToolServerKey}" is reserved for the app's own tools`,
  });

export const mcpApprovalPolicies = ['always ask', 'ask once per chat', 'never ask'] as const;
export type McpApprovalPolicy = (typeof mcpApprovalPolicies)[number];
export const mcpApprovalPolicySchema = z.enum(mcpApprovalPolicies, {
  error: `Approval policy must be one of: ${mcpApprovalPolicies.join(', ')}`,
});

export const mcpTransportTypes = ['stdio', 'streamable-http', 'sse'] as const;
export type McpTransportType = (typeof mcpTransportTypes)[number];

export const stdioRefusal =
  "stdio servers start a program on the server, so they can only be defined in the operator's file (DATA_DIR/mcp.json); add a streamable-http or sse server instead";

export const mcpUrlSchema = z
  .string({ error: 'URL is required' })
  .trim()
  .max(mcpLimits.urlMax, `URL must be at most ${mcpLimits.urlMax} characters`)
  .pipe(z.url({ protocol: /^https?$/, error: 'Enter an http:// or https:// URL' }));

// Query parameters that usually carry a credential (api_key, access_token, sig, password, ...).
const credentialParameter = /key|token|secret|passw|pwd|auth|sig|credential|session/i;

/**
 * Why a URL may not be saved because it carries a credential, or null. A URL is shown in
 * lists, logged and sent to other services (redirects, referrers); headers are not, so a
 * key goes in a header. The message never quotes the URL.
 */
export function urlCredentialProblem(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.username || parsed.password) {
    return 'URL must not contain a user name or password: send credentials in headers (for example Authorization) instead';
  }
  if ([...parsed.searchParams.keys()].some((name) => credentialParameter.test(name))) {
    return 'URL must not carry a key, token, password or signature in its query: send it in headers instead';
  }
  return null;
}

/** A URL an administrator or the operator gives for a server: no credentials in it. */
export const mcpCredentialFreeUrlSchema = mcpUrlSchema.superRefine((url, ctx) => {
  const problem = urlCredentialProblem(url);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

const headerNamePattern = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
export const mcpHeadersSchema = z
  .record(
    z.string().regex(headerNamePattern, 'Header names may contain only letters, digits and -'),
    z
      .string({ error: 'Header values must be strings' })
      .max(mcpLimits.headerValueMax, 'Header value is too long')
      .regex(/^[^\r\n\0]*$/, 'Header values may not contain line breaks'),
    { error: 'Headers must be an object of names to values' },
  )
  .refine((headers) => Object.keys(headers).length <= mcpLimits.headersMax, {
    message: `At most ${mcpLimits.headersMax} headers`,
  });

export const mcpStdioTransportSchema = z.object({
  type: z.literal('stdio'),
  command: z.string().min(1, 'Command is required').max(mcpLimits.commandMax),
  args: z.array(z.string()).max(mcpLimits.argsMax).default([]),
  env: z.record(z.string(), z.string()).default({}),
});

export const mcpStreamableHttpTransportSchema = z.object({
  type: z.literal('streamable-http'),
  url: mcpUrlSchema,
  headers: mcpHeadersSchema.default({}),
});

export const mcpSseTransportSchema = z.object({
  type: z.literal('sse'),
  url: mcpUrlSchema,
  headers: mcpHeadersSchema.default({}),
});

export const mcpTransportSchema = z.discriminatedUnion('type', [
  mcpStdioTransportSchema,
  mcpStreamableHttpTransportSchema,
  mcpSseTransportSchema,
]);
export type McpTransport = z.infer<typeof mcpTransportSchema>;
export type McpRemoteTransport = Exclude<McpTransport, { type: 'stdio' }>;

/**
 * A transport given through the API: remote only, with no credentials in its URL; stdio gets a
 * message that says why. (Servers as they are shown keep `mcpTransportSchema`: a row saved
 * before the URL rule still lists.)
 */
export const mcpRemoteTransportSchema = z
  .discriminatedUnion('type', [
    mcpStdioTransportSchema,
    mcpStreamableHttpTransportSchema.extend({ url: mcpCredentialFreeUrlSchema }),
    mcpSseTransportSchema.extend({ url: mcpCredentialFreeUrlSchema }),
  ])
  .transform((transport, ctx): McpRemoteTransport => {
    if (transport.type !== 'stdio') return transport;
    ctx.issues.push({ code: 'custom', message: stdioRefusal, path: ['type'], input: transport });
    return z.NEVER;
  });

/**
 * `POST /api/mcp/addServer` and `POST /api/mcp/updateServer` (admins): the server object.
 * Read-only fields of a server sent back as they came (status, source, ...) are ignored.
 */
export const mcpServerInputSchema = z.object({
  key: mcpServerKeySchema,
  name: z
    .string()
    .trim()
    .max(mcpLimits.nameMax, `Name must be at most ${mcpLimits.nameMax} characters`)
    .optional(),
  description: z
    .string()
    .trim()
    .max(
      mcpLimits.descriptionMax,
      `Description must be at most ${mcpLimits.descriptionMax} characters`,
    )
    .default(''),
  transport: mcpRemoteTransportSchema,
  approvalPolicy: mcpApprovalPolicySchema.default('always ask'),
  active: z.boolean().default(true),
  /** The server wants each user to sign in with OAuth (see ./mcp-oauth); null or absent: no. */
  auth: mcpOAuthInputSchema.nullable().optional(),
});
export type McpServerInput = z.infer<typeof mcpServerInputSchema>;

/** `POST /api/mcp/activate` and `POST /api/mcp/deactivate` (admins). */
export const mcpKeyBodySchema = z.strictObject({ key: mcpServerKeySchema });
export type McpKeyBody = z.infer<typeof mcpKeyBodySchema>;

export const mcpServerStatuses = ['inactive', 'connecting', 'connected', 'error'] as const;
export type McpServerStatus = (typeof mcpServerStatuses)[number];

/**
 * The error a user who is not an administrator sees for a server that is not connected: why it
 * failed (its URL, the remote answer, a program's output) can carry secrets.
 */
export const mcpUnavailableToUsers = 'Unavailable; an administrator can see why';

/** A server as the config list shows it. */
export const mcpServerSchema = z.object({
  key: z.string(),
  name: z.string(),
  description: z.string(),
  /** `file`: DATA_DIR/mcp.json (the operator's); `admin`: added through the API; `personal`: the viewer's own. */
  source: z.enum(['file', 'admin', 'personal']),
  transportType: z.enum(mcpTransportTypes),
  /** Full transport settings (command, URL, headers): administrators only, null for others. */
  transport: mcpTransportSchema.nullable(),
  approvalPolicy: mcpApprovalPolicySchema,
  active: z.boolean(),
  status: z.enum(mcpServerStatuses),
  /**
   * Why the server is not connected, when it is in error: for administrators the status (e.g.
   * "HTTP 401") and a program's last output, for others `mcpUnavailableToUsers`.
   */
  error: z.string().nullable(),
  /** How many tools the server offers, once connected. */
  toolCount: z.number().int().nullable(),
  /** Present when each user signs in with OAuth: the settings for administrators, else null. */
  auth: mcpOAuthViewSchema.nullable().optional(),
  /** Present when each user signs in with OAuth: the viewer's own connection. */
  connection: z.enum(mcpOAuthConnectionStates).optional(),
});
export type McpServer = z.infer<typeof mcpServerSchema>;

export const mcpServerReplySchema = z.object({ server: mcpServerSchema });
export type McpServerReply = z.infer<typeof mcpServerReplySchema>;

/** What a tool call may take on the server: its time and the size of its result. */
export const mcpCallLimitsSchema = z.object({
  callTimeoutMs: z.number().int(),
  resultMaxBytes: z.number().int(),
});
export type McpCallLimits = z.infer<typeof mcpCallLimitsSchema>;

/** `GET /api/mcp/getConfig`, `GET /api/mcp/init`, `POST /api/mcp/putConfig`. */
export const mcpConfigReplySchema = z.object({
  /** Administrators see every server; other users see the active ones. */
  servers: z.array(mcpServerSchema),
  /** The operator's file. `path` and `problems` are shown to administrators only. */
  file: z.object({
    path: z.string().nullable(),
    found: z.boolean(),
    problems: z.array(z.string()),
  }),
  limits: mcpCallLimitsSchema,
  /** Whether the viewer may add servers of their own (see ./mcp-personal). */
  personal: mcpPersonalPolicySchema.optional(),
});
export type McpConfigReply = z.infer<typeof mcpConfigReplySchema>;

/** `GET /api/mcp/tools?server=`: the tools of active servers (of one server when named). */
export const mcpToolsQuerySchema = z.object({ server: mcpServerKeySchema.optional() });
export type McpToolsQuery = z.infer<typeof mcpToolsQuerySchema>;

export const mcpJsonSchemaSchema = z.record(z.string(), z.unknown());
export type McpJsonSchema = z.infer<typeof mcpJsonSchemaSchema>;

export const mcpToolSchema = z.object({
  server: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string(),
  inputSchema: mcpJsonSchemaSchema,
});
export type McpTool = z.infer<typeof mcpToolSchema>;

export const mcpToolsReplySchema = z.object({ tools: z.array(mcpToolSchema) });
export type McpToolsReply = z.infer<typeof mcpToolsReplySchema>;

/** A tool of an active, connected server with what a call of it needs: its server's policy. */
export const mcpOfferedToolSchema = mcpToolSchema.extend({
  serverName: z.string(),
  approvalPolicy: mcpApprovalPolicySchema,
});
export type McpOfferedTool = z.infer<typeof mcpOfferedToolSchema>;

/**
 * `GET /api/mcp/offer`: everything the AI chat needs to offer tools to a model and run their
 * calls, in one request: the tools of the active servers with their approval policies, and the
 * call limits.
 */
export const mcpOfferReplySchema = z.object({
  tools: z.array(mcpOfferedToolSchema),
  limits: mcpCallLimitsSchema,
});
export type McpOfferReply = z.infer<typeof mcpOfferReplySchema>;

/** `POST /api/mcp/call`: `client` is the server key, `name` the tool's own name. */
export const mcpCallBodySchema = z.strictObject({
  client: mcpServerKeySchema,
  name: z
    .string({ error: 'Tool name is required' })
    .min(1, 'Tool name is required')
    .max(mcpLimits.toolNameMax, `Tool name must be at most ${mcpLimits.toolNameMax} characters`),
  args: z
    .record(z.string(), z.unknown(), { error: 'args must be a JSON object' })
    .default(() => ({})),
  /**
   * Made by the browser for this call: questions the server asks during it
   * (`mcpInputRequest`) name it, so the tab that made the call answers them.
   */
  callId: mcpCallIdSchema.optional(),
});
export type McpCallBody = z.infer<typeof mcpCallBodySchema>;

// MCP content blocks. Loose objects: annotations, _meta and fields of later protocol versions
// pass through unchanged.
export const mcpTextContentSchema = z.looseObject({ type: z.literal('text'), text: z.string() });
export const mcpImageContentSchema = z.looseObject({
  type: z.literal('image'),
  data: z.string(),
  mimeType: z.string(),
});
export const mcpAudioContentSchema = z.looseObject({
  type: z.literal('audio'),
  data: z.string(),
  mimeType: z.string(),
});
export const mcpResourceLinkContentSchema = z.looseObject({
  type: z.literal('resource_link'),
  uri: z.string(),
  name: z.string(),
  title: z.string().optional(),
  description: z.string().optional(),
  mimeType: z.string().optional(),
});
export const mcpEmbeddedResourceContentSchema = z.looseObject({
  type: z.literal('resource'),
  resource: z.union([
    z.looseObject({ uri: z.string(), mimeType: z.string().optional(), text: z.string() }),
    z.looseObject({ uri: z.string(), mimeType: z.string().optional(), blob: z.string() }),
  ]),
});
export const mcpContentSchema = z.discriminatedUnion('type', [
  mcpTextContentSchema,
  mcpImageContentSchema,
  mcpAudioContentSchema,
  mcpResourceLinkContentSchema,
  mcpEmbeddedResourceContentSchema,
]);
export type McpContent = z.infer<typeof mcpContentSchema>;

export const mcpCallReplySchema = z.object({
  content: z.array(mcpContentSchema),
  /** The tool ran and reported a failure: the content says what went wrong. */
  isError: z.boolean(),
  structuredContent: z.record(z.string(), z.unknown()).optional(),
  /** Time the server spent on the call, in milliseconds. */
  durationMs: z.number(),
});
export type McpCallReply = z.infer<typeof mcpCallReplySchema>;
