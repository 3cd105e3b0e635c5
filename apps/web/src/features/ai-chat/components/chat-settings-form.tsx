import type { AiChat } from '@confab/protocol/ai-chat';
import { providers, type ProviderName } from '@confab/protocol/providers';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import {
  presencePenaltyRange,
  sendableModel,
  sendableTemperature,
  topPRange,
  validateChatSettings,
  type ChatSettingsDraft,
  type ChatSettingsErrors,
} from '../lib/chat-validation';
import { presetNameError } from '../lib/presets';
import { useToolSelectionField } from '../lib/tool-selection-field-context';
import { ModelParameterFields } from './model-parameter-fields';

function draftOf(chat: AiChat): ChatSettingsDraft {
  return {
    summary: chat.summary,
    model: chat.model,
    systemMessage: chat.systemMessage,
    maxCtxMessages: String(chat.maxCtxMessages),
    temperature: String(chat.temperature),
    maxTokens: chat.maxTokens === null ? '' : String(chat.maxTokens),
    stream: chat.stream,
    noTools: chat.noTools === true,
    toolSelection: chat.toolSelection,
    topP: String(chat.topP ?? topPRange.default),
    presencePenalty: String(chat.presencePenalty ?? presencePenaltyRange.default),
  };
}

/** A chat's settings, checked per docs/product.md#chat-settings with a message under each field. */
export function ChatSettingsForm({
  chat,
  provider,
  providerModel,
  providerModels = [],
  onSave,
  onSaveAsPreset,
}: {
  chat: AiChat;
  provider: ProviderName;
  providerModel: string;
  /** The provider's fetched model list. */
  providerModels?: string[];
  onSave: (changes: Partial<AiChat>) => Promise<void>;
  /**
   * Keeps the form's settings as a preset named `name` (docs/product.md#presets); rejects with a
   * translated message when it cannot.
   */
  onSaveAsPreset?: (changes: Partial<AiChat>, name: string) => Promise<void>;
}) {
  const { t } = useTranslation('mindBox');
  const toolSelectionField = useToolSelectionField();
  const [draft, setDraft] = useState(() => draftOf(chat));
  const [errors, setErrors] = useState<ChatSettingsErrors>({});
  const [saved, setSaved] = useState(false);
  const [presetName, setPresetName] = useState(() => chat.summary.trim().slice(0, 80));
  const [presetError, setPresetError] = useState<string | null>(null);
  const [presetSaved, setPresetSaved] = useState<string | null>(null);
  const range = providers[provider].temperature;
  // The saved temperature may come from another provider's range: say what is sent instead.
  const sent = sendableTemperature(chat.temperature, range);
  // Likewise the saved model may not exist at the provider in use.
  const sentModel = sendableModel(chat.model, {
    provider,
    model: providerModel,
    modelList: providerModels,
  });

  const set = <K extends keyof ChatSettingsDraft>(key: K, value: ChatSettingsDraft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setSaved(false);
  };
  const error = (key: keyof ChatSettingsDraft) => {
    const e = errors[key];
    return e ? t(`chatSettings.errors.${e.key}`, e.values ?? {}) : undefined;
  };

  const saveAsPreset = async () => {
    setPresetSaved(null);
    const result = validateChatSettings(draft, { provider, providerModel });
    const nameError = presetNameError(presetName);
    setErrors(result.ok ? {} : result.errors);
    setPresetError(nameError ? t(`presets.errors.${nameError.key}`, nameError.values ?? {}) : null);
    if (!result.ok || nameError || !onSaveAsPreset) return;
    try {
      await onSaveAsPreset(result.changes, presetName.trim());
      setPresetSaved(presetName.trim());
    } catch (failure) {
      setPresetError(failure instanceof Error ? failure.message : String(failure));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validateChatSettings(draft, { provider, providerModel });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    await onSave(result.changes);
    setSaved(true);
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      <TextField
        label={t('chatSettings.summary')}
        value={draft.summary}
        error={error('summary')}
        onChange={(e) => set('summary', e.target.value)}
      />
      <ModelParameterFields
        draft={draft}
        set={(change) => {
          setDraft((d) => ({ ...d, ...change }));
          setSaved(false);
        }}
        error={error}
        provider={provider}
        providerModel={providerModel}
        modelNote={
          sentModel.replaced ? (
            <p role="note" className="-mt-2 text-sm">
              {t('chatSettings.modelReplaced', {
                value: chat.model.trim(),
                sent: sentModel.model || t('toolbar.noModel'),
                provider,
              })}
            </p>
          ) : null
        }
        temperatureNote={
          sent !== chat.temperature ? (
            <p role="note" className="-mt-2 text-sm">
              {t('chatSettings.temperatureAdjusted', { value: chat.temperature, sent, provider })}
            </p>
          ) : null
        }
        beforeNoTools={
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={draft.stream}
              onChange={(e) => set('stream', e.target.checked)}
            />
            {t('chatSettings.stream')}
          </label>
        }
      />
      {toolSelectionField?.({
        value: draft.toolSelection,
        onChange: (toolSelection) => set('toolSelection', toolSelection),
        disabled: draft.noTools,
      })}
      <div className="flex items-center gap-3">
        <Button type="submit">{t('chatSettings.save')}</Button>
        {saved ? (
          <span role="status" className="text-sm text-fg-muted">
            {t('chatSettings.saved')}
          </span>
        ) : null}
      </div>
      {onSaveAsPreset ? (
        <div className="flex flex-col gap-2 border-t border-border pt-4">
          <TextField
            label={t('presets.name')}
            value={presetName}
            error={presetError ?? undefined}
            hint={t('presets.saveAsHint')}
            onChange={(e) => {
              setPresetName(e.target.value);
              setPresetSaved(null);
            }}
          />
          <div className="flex flex-wrap items-center gap-3">
            <Button type="button" variant="outline" onClick={() => void saveAsPreset()}>
              {t('presets.saveAs')}
            </Button>
            {presetSaved ? (
              <span role="status" className="text-sm text-fg-muted">
                {t('presets.savedAs', { name: presetSaved })}
              </span>
            ) : null}
          </div>
        </div>
      ) : null}
    </form>
  );
}
