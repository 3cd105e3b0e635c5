/**
 * The account's presets (docs/product.md#presets), kept in the stored settings: saving and
 * deleting them, and starting a chat from one.
 */
import type { AiChat } from '@confab/protocol/ai-chat';
import { presetLimits, type AiPreset } from '@confab/protocol/ai-presets';
import type { StoredSettings } from '@confab/protocol/ai-settings';
import { getSettings, updateSettings } from '@/lib/stored-settings/settings-store';
import { chatSettingsOf } from '../lib/presets';
import { createChat } from './chat-actions';

/** Refused: the account keeps `presetLimits.presetsMax` presets already. */
export class TooManyPresetsError extends Error {
  override readonly name = 'TooManyPresetsError';
}

/** Adds a preset, or replaces the one with its id; throws TooManyPresetsError past the limit. */
export async function savePreset(preset: AiPreset): Promise<void> {
  const stored = getSettings().presets ?? [];
  const isNew = !stored.some((p) => p.id === preset.id);
  if (isNew && stored.length >= presetLimits.presetsMax) throw new TooManyPresetsError();
  await updateSettings((settings) => {
    const presets = settings.presets ?? [];
    return {
      ...settings,
      presets: presets.some((p) => p.id === preset.id)
        ? presets.map((p) => (p.id === preset.id ? preset : p))
        : [...presets, preset],
    };
  });
}

export async function deletePreset(id: string): Promise<void> {
  await updateSettings((settings) => ({
    ...settings,
    presets: (settings.presets ?? []).filter((p) => p.id !== id),
  }));
}

/**
 * A new chat with the preset's settings, opened. Always a new chat: the preset's system message
 * makes it one the user prepared, which New chat would not reuse either.
 */
export function startChatFromPreset(settings: StoredSettings, preset: AiPreset): Promise<AiChat> {
  return createChat(settings, chatSettingsOf(preset));
}
