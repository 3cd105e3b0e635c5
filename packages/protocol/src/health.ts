import { z } from 'zod';
import { serviceConfigSchema } from './services';

export const healthReplySchema = z.object({
  ok: z.literal(true),
  services: z.array(serviceConfigSchema),
});
export type HealthReply = z.infer<typeof healthReplySchema>;

/**
 * GET /api/ready: whether this node can take traffic. 200 when the database and (if the site
 * uses it) Redis answer; 503, with the same body, when one does not or the node is shutting down.
 */
export const readyReplySchema = z.object({
  ready: z.boolean(),
  database: z.enum(['up', 'down']),
  redis: z.enum(['up', 'down', 'not configured']),
  shuttingDown: z.boolean(),
  /** What an operator reads: what is wrong, or "ready". */
  message: z.string(),
});
export type ReadyReply = z.infer<typeof readyReplySchema>;
