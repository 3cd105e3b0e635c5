/**
 * The presets every account has (docs/product.md#presets): texts in the user's language, never
 * stored nor synced, not editable; a copy of one is the user's own preset.
 */
import type { AiPreset } from '@confab/protocol/ai-presets';
import type { TFunction } from 'i18next';

const builtIns = [
  { key: 'translator', icon: '🌐', temperature: 0.3 },
  { key: 'codeReviewer', icon: '🧐', temperature: 0.2 },
  { key: 'writingEditor', icon: '✍️', temperature: 0.5 },
  { key: 'summariser', icon: '📝', temperature: 0.3 },
] as const;

/** Never an own preset's id (those are UUIDs): a copy gets a new one. */
const builtInPrefix = 'builtin:';

/** The built-in presets in the language of `t` (the `mindBox` catalog). */
export function builtInPresets(t: TFunction<'mindBox'>): AiPreset[] {
  return builtIns.map(({ key, icon, temperature }) => ({
    id: `${builtInPrefix}${key}`,
    name: t(`presets.builtIn.${key}.name`),
    icon,
    systemMessage: t(`presets.builtIn.${key}.system`),
    // Every provider takes these temperatures; the provider's own model answers.
    model: '',
    temperature,
    maxTokens: null,
    maxCtxMessages: 10,
    createdAt: 0,
    updatedAt: 0,
  }));
}
