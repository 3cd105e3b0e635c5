import { z } from 'zod';

/**
 * OAuth 2.1 sign-in to remote MCP servers (docs/product.md#mcp-oauth): an administrator marks a
 * server as needing OAuth; each user then connects their own account, and the server keeps
 * that user's tokens. Bodies and replies of /api/mcp/oauth/*.
 */

export const mcpOAuthLimits = {
  clientIdMax: 2048,
  clientSecretMax: 4096,
  scopesMax: 1024,
  codeMax: 4096,
  stateMax: 256,
  /** How long a started sign-in may take before its state is refused. */
  flowTtlMs: 10 * 60_000,
} as const;

/**
 * `auth` of a server an administrator adds or changes: how Confab registers with the server's
 * authorization server (their client id when they give one, else Confab's metadata document
 * or dynamic registration). The secret is never shown back.
 */
export const mcpOAuthInputSchema = z.strictObject({
  type: z.literal('oauth'),
  clientId: z
    .string()
    .trim()
    .max(mcpOAuthLimits.clientIdMax, 'Client ID is too long')
    .regex(/^[\x21-\x7e]*$/, 'Client ID may contain only visible ASCII characters')
    .optional(),
  clientSecret: z
    .string()
    .max(mcpOAuthLimits.clientSecretMax, 'Client secret is too long')
    .regex(/^[^\r\n\0]*$/, 'Client secret may not contain line breaks')
    .optional(),
  scopes: z
    .string()
    .trim()
    .max(mcpOAuthLimits.scopesMax, 'Scopes are too long')
    .regex(/^[\x21\x23-\x5b\x5d-\x7e ]*$/, 'Scopes are words separated by spaces')
    .optional(),
});
export type McpOAuthInput = z.infer<typeof mcpOAuthInputSchema>;

/** The OAuth settings of a server as administrators see them (the secret only as a flag). */
export const mcpOAuthViewSchema = z.object({
  type: z.literal('oauth'),
  clientId: z.string().nullable(),
  scopes: z.string().nullable(),
  hasClientSecret: z.boolean(),
});
export type McpOAuthView = z.infer<typeof mcpOAuthViewSchema>;

/**
 * The viewer's own connection to a server that needs OAuth: `needs-connect` until they sign in,
 * `connected` with their tokens, `expired` when the server or its authorization server refused
 * them (sign in again).
 */
export const mcpOAuthConnectionStates = ['needs-connect', 'connected', 'expired'] as const;
export type McpOAuthConnectionState = (typeof mcpOAuthConnectionStates)[number];

/** `POST /api/mcp/oauth/start` and `POST /api/mcp/oauth/disconnect`: the server's key. */
export const mcpOAuthKeyBodySchema = z.strictObject({
  key: z
    .string({ error: 'Server key is required' })
    .trim()
    .min(1, 'Server key is required')
    .max(32, 'Server key must be at most 32 characters'),
});
export type McpOAuthKeyBody = z.infer<typeof mcpOAuthKeyBodySchema>;

/** `POST /api/mcp/oauth/start`: where to send the browser to sign in. */
export const mcpOAuthStartReplySchema = z.object({ authorizationUrl: z.string() });
export type McpOAuthStartReply = z.infer<typeof mcpOAuthStartReplySchema>;

/** `GET /api/mcp/oauth/callback`: what the authorization server sends back: a code and the state, or an error. */
export const mcpOAuthCallbackQuerySchema = z.object({
  code: z.string().max(mcpOAuthLimits.codeMax).optional(),
  state: z.string().max(mcpOAuthLimits.stateMax).optional(),
  iss: z.string().max(2048).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(1024).optional(),
});
export type McpOAuthCallbackQuery = z.infer<typeof mcpOAuthCallbackQuerySchema>;

/**
 * Where the callback sends the browser: the MCP settings, with `mcpOAuth` = `connected` or
 * `failed` and, when failed, `mcpOAuthError` (one of `mcpOAuthFailureReasons`, which the web
 * app words itself, so a crafted link cannot put words in Confab's mouth) and `mcpOAuthServer`.
 */
export const mcpOAuthResultParams = {
  result: 'mcpOAuth',
  server: 'mcpOAuthServer',
  error: 'mcpOAuthError',
} as const;

/**
 * Why a sign-in failed, as the callback names it: `timeout` (the authorization server did not
 * answer in time), `denied` (the user or the AS said no at the sign-in page), `refused` (the AS
 * refused the code or Confab's client), `state` (unknown, spent or expired sign-in: the back
 * button, a double tap), `session` (the browser came back without Confab's session, e.g. an
 * installed app that opened the sign-in in another browser), `unavailable` (the server is gone
 * or no longer uses OAuth), `failed` (anything else).
 */
export const mcpOAuthFailureReasons = [
  'timeout',
  'denied',
  'refused',
  'state',
  'session',
  'unavailable',
  'failed',
] as const;
export type McpOAuthFailureReason = (typeof mcpOAuthFailureReasons)[number];

/** `POST /api/mcp/oauth/disconnect`: the viewer's connection afterwards. */
export const mcpOAuthDisconnectReplySchema = z.object({
  connection: z.enum(mcpOAuthConnectionStates),
  /** False when the authorization server could not be told (the tokens are deleted anyway). */
  revoked: z.boolean(),
});
export type McpOAuthDisconnectReply = z.infer<typeof mcpOAuthDisconnectReplySchema>;
