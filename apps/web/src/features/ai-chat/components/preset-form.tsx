import type { AiPreset } from '@confab/protocol/ai-presets';
import { providerNames, type ProviderName } from '@confab/protocol/providers';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { presetDraftOf, validatePreset, type PresetDraft, type PresetErrors } from '../lib/presets';
import { ModelParameterFields } from './model-parameter-fields';

/**
 * Edits one of the user's presets with the chat settings' rules (docs/product.md#presets): a
 * message under each bad field, and nothing saved until all are right.
 */
export function PresetForm({
  preset,
  activeProvider,
  providerModels,
  onSave,
  onCancel,
}: {
  preset: AiPreset;
  activeProvider: ProviderName;
  /** Each provider's own model: a preset's blank model means its provider's. */
  providerModels: Record<string, string>;
  /** Rejects with a translated message when the preset cannot be kept. */
  onSave: (preset: AiPreset) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useTranslation('mindBox');
  const [draft, setDraft] = useState(() => presetDraftOf(preset));
  const [errors, setErrors] = useState<PresetErrors>({ chat: {} });
  const [failure, setFailure] = useState<string | null>(null);
  const providerId = useId();
  const providerModel = providerModels[draft.provider || activeProvider] ?? '';

  const set = <K extends keyof PresetDraft>(key: K, value: PresetDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const chatError = (key: keyof PresetErrors['chat']) => {
    const e = errors.chat[key];
    return e ? t(`chatSettings.errors.${e.key}`, e.values ?? {}) : undefined;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = validatePreset(draft, preset, {
      activeProvider,
      providerModel,
      now: Date.now(),
    });
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({ chat: {} });
    try {
      await onSave(result.preset);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
      <TextField
        label={t('presets.name')}
        value={draft.name}
        error={
          errors.name ? t(`presets.errors.${errors.name.key}`, errors.name.values ?? {}) : undefined
        }
        onChange={(e) => set('name', e.target.value)}
      />
      <TextField
        label={t('presets.icon')}
        value={draft.icon}
        error={errors.icon ? t('presets.errors.iconTooLong', errors.icon.values) : undefined}
        onChange={(e) => set('icon', e.target.value)}
      />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={providerId} className="text-sm font-medium">
          {t('presets.provider')}
        </label>
        <select
          id={providerId}
          value={draft.provider}
          onChange={(e) => set('provider', e.target.value as ProviderName | '')}
          className="h-9 rounded-md border border-border bg-surface px-2 text-sm"
        >
          <option value="">{t('presets.providerActive')}</option>
          {providerNames.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <ModelParameterFields
        draft={draft}
        set={(change) => setDraft((d) => ({ ...d, ...change }))}
        error={chatError}
        provider={draft.provider || activeProvider}
        providerModel={providerModel}
      />
      {failure ? (
        <p role="alert" className="text-sm text-error-text">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit">{t('presets.save')}</Button>
        <Button type="button" variant="outline" onClick={onCancel}>
          {t('presets.cancel')}
        </Button>
      </div>
    </form>
  );
}
