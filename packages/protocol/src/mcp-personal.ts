import { z } from 'zod';

/**
 * Personal MCP servers (docs/product.md#mcp-personal): when an administrator allows it, a user
 * adds a remote server for themselves only. Its key starts with `my_`, which shared servers
 * added through the API may not use, so tool names never collide with a shared server's.
 */

export const mcpPersonalKeyPrefix = 'my_';

export const mcpPersonalLimits = {
  /** How many servers of their own one user may add. */
  perUser: 5,
} as const;

export const personalKeyProblem = `A server of your own has a key that starts with "${mcpPersonalKeyPrefix}"`;
export const reservedKeyProblem = `Keys that start with "${mcpPersonalKeyPrefix}" are kept for users' own servers`;

/** `POST /api/mcp/personal/remove` {key}. */
export const mcpPersonalKeyBodySchema = z.strictObject({
  key: z
    .string({ error: 'Server key is required' })
    .trim()
    .min(1, 'Server key is required')
    .max(32, 'Server key must be at most 32 characters'),
});
export type McpPersonalKeyBody = z.infer<typeof mcpPersonalKeyBodySchema>;

/** `POST /api/mcp/personal/policy` (administrators): whether users may add their own servers. */
export const mcpPersonalPolicyBodySchema = z.strictObject({
  allowed: z.boolean({ error: 'allowed must be true or false' }),
});
export type McpPersonalPolicyBody = z.infer<typeof mcpPersonalPolicyBodySchema>;

/** What the config reply says about personal servers. */
export const mcpPersonalPolicySchema = z.object({
  allowed: z.boolean(),
  /** How many the viewer may add in all, and how many they have. */
  max: z.number().int(),
  count: z.number().int(),
});
export type McpPersonalPolicy = z.infer<typeof mcpPersonalPolicySchema>;

/** `POST /api/mcp/personal/remove`: done. */
export const mcpPersonalRemoveReplySchema = z.object({ ok: z.literal(true) });
