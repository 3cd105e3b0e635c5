/**
 * Presets (docs/product.md#presets): a saved system message, model and parameters to start an AI
 * chat from. The account's own presets live in the stored settings and travel with the settings
 * sync; the built-in ones are the web app's and never stored.
 */
import { z } from 'zod';
import { limits } from './limits';
import { providerNames, type ProviderName } from './providers';
import { toolSelectionSchema } from './mcp-tool-selection';

export const presetLimits = {
  /** Characters of a preset's name (a trimmed name must not be empty). */
  nameMax: 80,
  /** Characters of a preset's icon (an emoji, which may be several code points). */
  iconMax: 16,
  /** Presets an account keeps. */
  presetsMax: 100,
} as const;

export interface AiPreset {
  id: string;
  name: string;
  /** An emoji shown before the name. */
  icon?: string;
  systemMessage: string;
  /** The provider a chat started from it uses; absent: the active provider. */
  provider?: ProviderName;
  /** Blank: the provider's model. */
  model: string;
  temperature: number;
  topP?: number;
  presencePenalty?: number;
  /** null: the provider's default. */
  maxTokens: number | null;
  maxCtxMessages: number;
  noTools?: boolean;
  /** The tools a chat started from it offers (docs/product.md#tool-selection); absent: all. */
  toolSelection?: string[];
  /** Epoch milliseconds. */
  createdAt: number;
  updatedAt: number;
}

const epochMs = z.number().int().min(0);

/** One preset as stored and synced; strict, so nothing else (no key) rides along. */
export const aiPresetSchema = z
  .object({
    id: z.string().min(1).max(limits.idMax),
    name: z
      .string()
      .max(presetLimits.nameMax)
      .refine((name) => name.trim().length > 0, 'A preset needs a name'),
    icon: z.string().max(presetLimits.iconMax).optional(),
    systemMessage: z.string().max(limits.systemMessageMax),
    provider: z.enum(providerNames).optional(),
    model: z.string().max(500),
    // Every provider's range lies within 0 to 2 (docs/product.md#temperature).
    temperature: z.number().min(0).max(2),
    topP: z.number().min(0).max(1).optional(),
    presencePenalty: z.number().min(-2).max(2).optional(),
    maxTokens: z.number().int().positive().nullable(),
    maxCtxMessages: z.number().int().min(0),
    noTools: z.boolean().optional(),
    toolSelection: toolSelectionSchema.optional(),
    createdAt: epochMs,
    updatedAt: epochMs,
  })
  .strict() satisfies z.ZodType<AiPreset>;

/** An account's presets: at most `presetLimits.presetsMax`, each id once. */
export const aiPresetListSchema = z
  .array(aiPresetSchema)
  .max(presetLimits.presetsMax)
  .refine(
    (presets) => new Set(presets.map((preset) => preset.id)).size === presets.length,
    'Each preset id may appear once',
  );
