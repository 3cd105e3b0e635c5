import { z } from 'zod';
import { aiPresetListSchema } from './ai-presets';
import { providerNames } from './providers';

/**
 * The shape an imported settings file must have. Everything but the provider name is optional:
 * a missing field keeps its current value, so an export without keys never wipes stored keys.
 */
const providerSettingsSchema = z.object({
  provider: z.enum(providerNames).optional(),
  base: z.string().max(2000).optional(),
  key: z.string().max(2000).optional(),
  secret: z.string().max(2000).optional(),
  deploymentId: z.string().max(500).optional(),
  model: z.string().max(500).optional(),
  modelList: z.array(z.string().max(500)).max(5000).optional(),
});

export const settingsFileSchema = z.object({
  modelMapping: z.record(z.string().max(500), z.string().max(500)).optional(),
  toolStates: z.record(z.string().max(500), z.boolean()).optional(),
  api: z
    .object({
      activeProvider: z.enum(providerNames).optional(),
      providers: z.partialRecord(z.enum(providerNames), providerSettingsSchema).optional(),
    })
    .optional(),
  presets: aiPresetListSchema.optional(),
});
export type SettingsFile = z.infer<typeof settingsFileSchema>;
