import { z } from 'zod';
import { serviceConfigSchema } from './services';

export const healthReplySchema = z.object({
  ok: z.literal(true),
  services: z.array(serviceConfigSchema),
});
export type HealthReply = z.infer<typeof healthReplySchema>;
