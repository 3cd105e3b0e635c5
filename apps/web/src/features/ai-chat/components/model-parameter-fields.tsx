import type { ProviderName } from '@confab/protocol/providers';
import { providers } from '@confab/protocol/providers';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';
import {
  maxTokensCap,
  presencePenaltyRange,
  topPRange,
  type ChatSettingsDraft,
} from '../lib/chat-validation';

/** The fields a chat and a preset share: what goes to the model and how. */
export type ModelParameterDraft = Pick<
  ChatSettingsDraft,
  | 'model'
  | 'systemMessage'
  | 'maxCtxMessages'
  | 'temperature'
  | 'maxTokens'
  | 'topP'
  | 'presencePenalty'
  | 'noTools'
>;

/**
 * The model, system message and sampling fields of the chat settings and of a preset, with the
 * same hints and a message under each bad field (docs/product.md#chat-settings), so that the two
 * forms cannot drift apart.
 */
export function ModelParameterFields({
  draft,
  set,
  error,
  provider,
  providerModel,
  modelNote,
  temperatureNote,
  beforeNoTools,
}: {
  draft: ModelParameterDraft;
  /** Applies a change of one or more fields to the form's draft. */
  set: (change: Partial<ModelParameterDraft>) => void;
  /** The translated message of a field's error, if any. */
  error: (key: keyof ModelParameterDraft) => string | undefined;
  /** The provider whose ranges apply. */
  provider: ProviderName;
  providerModel: string;
  /** Shown under the model field (what is sent instead of a missing model). */
  modelNote?: ReactNode;
  /** Shown under the temperature field (what is sent instead of one out of range). */
  temperatureNote?: ReactNode;
  /** Fields placed before "No tools" (the chat's stream switch). */
  beforeNoTools?: ReactNode;
}) {
  const { t } = useTranslation('mindBox');
  const systemId = useId();
  const noToolsHintId = useId();
  const range = providers[provider].temperature;
  const systemError = error('systemMessage');
  return (
    <>
      <TextField
        label={t('chatSettings.model')}
        value={draft.model}
        error={error('model')}
        hint={t('chatSettings.modelHint', { model: providerModel || t('toolbar.noModel') })}
        onChange={(e) => set({ model: e.target.value })}
      />
      {modelNote}
      <div className="flex flex-col gap-1.5">
        <label htmlFor={systemId} className="text-sm font-medium">
          {t('chatSettings.systemMessage')}
        </label>
        <textarea
          id={systemId}
          rows={3}
          value={draft.systemMessage}
          aria-invalid={systemError ? true : undefined}
          onChange={(e) => set({ systemMessage: e.target.value })}
          className="rounded-md border border-border bg-surface p-2 text-sm"
        />
        {systemError ? <p className="text-sm text-error-text">{systemError}</p> : null}
      </div>
      <TextField
        label={t('chatSettings.maxCtxMessages')}
        inputMode="numeric"
        value={draft.maxCtxMessages}
        error={error('maxCtxMessages')}
        onChange={(e) => set({ maxCtxMessages: e.target.value })}
      />
      <TextField
        label={t('chatSettings.temperature')}
        inputMode="decimal"
        value={draft.temperature}
        error={error('temperature')}
        hint={t('chatSettings.temperatureHint', {
          min: range.min,
          max: range.max,
          default: range.default,
          provider,
        })}
        onChange={(e) => set({ temperature: e.target.value })}
      />
      {temperatureNote}
      <TextField
        label={t('chatSettings.maxTokens')}
        inputMode="numeric"
        value={draft.maxTokens}
        error={error('maxTokens')}
        hint={t('chatSettings.maxTokensHint', {
          cap: maxTokensCap(draft.model.trim() || providerModel),
        })}
        onChange={(e) => set({ maxTokens: e.target.value })}
      />
      <TextField
        label={t('chatSettings.topP')}
        inputMode="decimal"
        value={draft.topP}
        error={error('topP')}
        hint={t('chatSettings.rangeHint', topPRange)}
        onChange={(e) => set({ topP: e.target.value })}
      />
      <TextField
        label={t('chatSettings.presencePenalty')}
        inputMode="decimal"
        value={draft.presencePenalty}
        error={error('presencePenalty')}
        hint={t('chatSettings.rangeHint', presencePenaltyRange)}
        onChange={(e) => set({ presencePenalty: e.target.value })}
      />
      {beforeNoTools}
      <div className="flex flex-col gap-1">
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            checked={draft.noTools}
            aria-describedby={noToolsHintId}
            onChange={(e) => set({ noTools: e.target.checked })}
          />
          {t('chatSettings.noTools')}
        </label>
        <p id={noToolsHintId} className="text-xs text-fg-muted">
          {t('chatSettings.noToolsHint')}
        </p>
      </div>
    </>
  );
}
