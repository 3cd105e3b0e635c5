import type { AiChat } from '@confab/protocol/ai-chat';
import { presetLimits, type AiPreset } from '@confab/protocol/ai-presets';
import type { StoredSettings } from '@confab/protocol/ai-settings';
import { useTranslation } from 'react-i18next';
import {
  deletePreset,
  savePreset,
  startChatFromPreset,
  TooManyPresetsError,
} from '../actions/preset-actions';
import { builtInPresets } from '../lib/built-in-presets';
import { newId } from '../lib/new-id';
import { presetOf } from '../lib/presets';

const noPresets: readonly AiPreset[] = [];

/**
 * The presets of the AI chat page (docs/product.md#presets): the built-in ones in the user's
 * language, the account's own from the settings, and what the page does with them. A save
 * refused for the limit rejects with the translated message.
 */
export function usePresets(settings: StoredSettings) {
  const { t } = useTranslation('mindBox');
  // Four small records, built again in the language of each render.
  const builtIns = builtInPresets(t);
  const own = settings.presets ?? noPresets;

  const save = async (preset: AiPreset) => {
    try {
      await savePreset(preset);
    } catch (error) {
      if (error instanceof TooManyPresetsError) {
        throw new Error(t('presets.errors.tooMany', { max: presetLimits.presetsMax }), {
          cause: error,
        });
      }
      throw error;
    }
  };

  return {
    builtIns,
    own,
    start: (preset: AiPreset) => startChatFromPreset(settings, preset),
    save,
    remove: deletePreset,
    /** A new preset of the chat settings form's values (the chat's provider, when it has one). */
    saveFromChat: (chat: AiChat, changes: Partial<AiChat>, name: string) =>
      save(
        presetOf(changes, {
          id: newId(),
          name,
          ...(chat.provider && { provider: chat.provider }),
          now: Date.now(),
        }),
      ),
  };
}
