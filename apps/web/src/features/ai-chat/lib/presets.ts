/**
 * Presets (docs/product.md#presets): what a chat takes from one, what one takes from a chat, and
 * the checks of the preset form (the chat settings' rules, with a name).
 */
import type { AiChat } from '@confab/protocol/ai-chat';
import { presetLimits, type AiPreset } from '@confab/protocol/ai-presets';
import type { ProviderName } from '@confab/protocol/providers';
import {
  presencePenaltyRange,
  topPRange,
  validateChatSettings,
  type ChatSettingsDraft,
  type ChatSettingsErrors,
} from './chat-validation';

/** The settings a chat started from `preset` gets; its provider only when the preset names one. */
export function chatSettingsOf(preset: AiPreset): Partial<AiChat> {
  return {
    systemMessage: preset.systemMessage,
    model: preset.model,
    temperature: preset.temperature,
    maxTokens: preset.maxTokens,
    maxCtxMessages: preset.maxCtxMessages,
    ...(preset.topP !== undefined && { topP: preset.topP }),
    ...(preset.presencePenalty !== undefined && { presencePenalty: preset.presencePenalty }),
    ...(preset.noTools && { noTools: true }),
    ...(preset.toolSelection && { toolSelection: [...preset.toolSelection] }),
    ...(preset.provider && { provider: preset.provider }),
  };
}

/** A new preset of a chat's settings (as the chat settings form validated them). */
export function presetOf(
  settings: Partial<AiChat>,
  fields: { id: string; name: string; provider?: ProviderName; now: number },
): AiPreset {
  return {
    id: fields.id,
    name: fields.name.trim(),
    systemMessage: settings.systemMessage ?? '',
    ...(fields.provider && { provider: fields.provider }),
    model: settings.model ?? '',
    temperature: settings.temperature ?? 1,
    topP: settings.topP ?? topPRange.default,
    presencePenalty: settings.presencePenalty ?? presencePenaltyRange.default,
    maxTokens: settings.maxTokens ?? null,
    maxCtxMessages: settings.maxCtxMessages ?? 10,
    ...(settings.noTools && { noTools: true }),
    ...(settings.toolSelection && { toolSelection: settings.toolSelection }),
    createdAt: fields.now,
    updatedAt: fields.now,
  };
}

export type PresetNameErrorKey = 'nameRequired' | 'nameTooLong';

/** The name rule of the shared schema, as a message key of `presets.errors`. */
export function presetNameError(
  name: string,
): { key: PresetNameErrorKey; values?: Record<string, number> } | null {
  if (!name.trim()) return { key: 'nameRequired' };
  if (name.trim().length > presetLimits.nameMax) {
    return { key: 'nameTooLong', values: { max: presetLimits.nameMax } };
  }
  return null;
}

/** What the preset form holds: the chat settings' fields as typed, with a name and an icon. */
export interface PresetDraft extends Omit<ChatSettingsDraft, 'summary' | 'stream'> {
  name: string;
  icon: string;
  /** '' for the provider in use. */
  provider: ProviderName | '';
}

export function presetDraftOf(preset: AiPreset): PresetDraft {
  return {
    name: preset.name,
    icon: preset.icon ?? '',
    provider: preset.provider ?? '',
    model: preset.model,
    systemMessage: preset.systemMessage,
    maxCtxMessages: String(preset.maxCtxMessages),
    temperature: String(preset.temperature),
    maxTokens: preset.maxTokens === null ? '' : String(preset.maxTokens),
    noTools: preset.noTools === true,
    // The preset form has no tool picker: an edit keeps the selection the preset was saved with.
    ...(preset.toolSelection && { toolSelection: preset.toolSelection }),
    topP: String(preset.topP ?? topPRange.default),
    presencePenalty: String(preset.presencePenalty ?? presencePenaltyRange.default),
  };
}

export interface PresetErrors {
  chat: ChatSettingsErrors;
  name?: { key: PresetNameErrorKey; values?: Record<string, number> };
  icon?: { key: 'iconTooLong'; values: Record<string, number> };
}

/**
 * Checks a preset draft with the chat settings' rules, against the preset's provider (else the
 * one in use); gives the preset with `base`'s id and creation time, or the errors by field.
 */
export function validatePreset(
  draft: PresetDraft,
  base: Pick<AiPreset, 'id' | 'createdAt'>,
  context: { activeProvider: ProviderName; providerModel: string; now: number },
): { ok: true; preset: AiPreset } | { ok: false; errors: PresetErrors } {
  const provider = draft.provider || context.activeProvider;
  const checked = validateChatSettings(
    { ...draft, summary: '', stream: true },
    { provider, providerModel: context.providerModel },
  );
  const nameError = presetNameError(draft.name);
  const iconError =
    draft.icon.trim().length > presetLimits.iconMax
      ? { key: 'iconTooLong' as const, values: { max: presetLimits.iconMax } }
      : null;
  if (!checked.ok || nameError || iconError) {
    return {
      ok: false,
      errors: {
        chat: checked.ok ? {} : checked.errors,
        ...(nameError && { name: nameError }),
        ...(iconError && { icon: iconError }),
      },
    };
  }
  const preset = presetOf(checked.changes, {
    id: base.id,
    name: draft.name,
    ...(draft.provider && { provider: draft.provider }),
    now: context.now,
  });
  const icon = draft.icon.trim();
  return {
    ok: true,
    preset: { ...preset, ...(icon && { icon }), createdAt: base.createdAt },
  };
}
