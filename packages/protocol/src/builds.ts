import { z } from 'zod';

/** `builds/latest.json` and `builds/meta/{id}.json`, written at build time, polled by the app. */
export const buildMetaSchema = z.object({
  id: z.string().min(1),
  timestamp: z.number().int(),
});
export type BuildMeta = z.infer<typeof buildMetaSchema>;
