import type { ProviderSettings, StoredSettings } from '@confab/protocol/ai-settings';
import { providerNames, providers, type ProviderName } from '@confab/protocol/providers';
import { RefreshCw } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { getSettings, saveSettings } from '@/lib/stored-settings/settings-store';
import { useSettings } from '@/lib/stored-settings/use-settings';
import { testConnection, type ConnectionResult } from '../api/connection-test';
import { fetchModelList } from '@/lib/provider-models/model-list';
import { validateProvider, type ProviderFieldError } from '../lib/provider-validation';
import { KeySyncSection } from './key-sync-section';
import { SyncRefusedAlert } from './sync-refused-alert';
import { ModelMappingEditor } from './model-mapping-editor';
import { SettingsFileActions } from './settings-file-actions';

/**
 * The provider settings screen (docs/product.md#provider-settings): each provider's base, key
 * and model (with the list fetched from the provider), several set up at once, one of them the
 * default for new chats; a connection test, the model mapping, export and import. `children`
 * are further sections (tool states). `firstRun` keeps only the provider form, for the AI
 * chat's first-run card. `initialProvider` is the provider shown first (the active one when
 * absent).
 */
export function ProviderSettingsPanel({
  children,
  firstRun = false,
  initialProvider,
}: {
  children?: ReactNode;
  firstRun?: boolean;
  initialProvider?: ProviderName;
}) {
  const { t } = useTranslation('aiSettings');
  const stored = useSettings();
  const [active, setActive] = useState<ProviderName>(initialProvider ?? stored.api.activeProvider);
  // Saving makes the provider shown the default for new chats when this is on: on for the
  // default itself and for a provider chosen in the list (as the only one used to be), off for
  // one opened to be set up beside the default.
  const [makeDefault, setMakeDefault] = useState(active === stored.api.activeProvider);
  const defaultId = useId();
  const defaultHintId = useId();
  const [drafts, setDrafts] = useState<Record<ProviderName, ProviderSettings>>(
    stored.api.providers,
  );
  const [mapping, setMapping] = useState(stored.modelMapping);
  const [errors, setErrors] = useState<Partial<Record<'base', ProviderFieldError>>>({});
  const [status, setStatus] = useState<string | null>(null);
  const [loadingModels, setLoadingModels] = useState(false);
  const [connection, setConnection] = useState<ConnectionResult | null>(null);
  const [testing, setTesting] = useState(false);
  const chooseId = useId();
  const providerId = useId();
  const listId = useId();
  const draft = drafts[active];
  const info = providers[active];

  const change = (patch: Partial<ProviderSettings>) => {
    setDrafts((d) => ({ ...d, [active]: { ...d[active], ...patch } }));
    setStatus(null);
    if (!('modelList' in patch) && !('model' in patch)) setConnection(null);
  };

  const runTest = async () => {
    setTesting(true);
    setConnection(null);
    const result = await testConnection(draft);
    setTesting(false);
    setConnection(result);
    if (result.ok) change({ modelList: result.models });
  };

  const connectionText = (result: ConnectionResult): string => {
    if (result.ok) return t('connection.ok', { count: result.models.length });
    const failure = result.failure;
    switch (failure.kind) {
      case 'unreachable':
        return t('connection.unreachable', { where: failure.where });
      case 'cors':
        return [
          t('connection.cors', { where: failure.where }),
          // Ollama's own switch; other local servers name it differently.
          active === 'Ollama' ? t('connection.corsOllama', { origin: window.location.origin }) : '',
        ]
          .filter(Boolean)
          .join(' ');
      case 'status':
        return failure.message
          ? t('connection.status', { status: failure.status, message: failure.message })
          : t('connection.statusBare', { status: failure.status });
      case 'notApi':
        return t('connection.notApi', { where: failure.where });
      case 'badBase':
        return t('errors.baseNotUrl');
    }
  };

  const refreshModels = async () => {
    setLoadingModels(true);
    const list = await fetchModelList(draft);
    setLoadingModels(false);
    change({ modelList: list });
    setStatus(list.length ? t('models.found', { count: list.length }) : t('models.none'));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validateProvider(draft);
    setErrors(found);
    if (Object.keys(found).length) return;
    const current = getSettings();
    const next: StoredSettings = {
      ...current,
      modelMapping: mapping,
      api: {
        activeProvider: makeDefault ? active : current.api.activeProvider,
        providers: { ...current.api.providers, ...drafts },
      },
    };
    await saveSettings(next);
    setStatus(t('saved'));
  };

  return (
    <div className="flex flex-col gap-6">
      <form noValidate onSubmit={(e) => void submit(e)} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={providerId} className="text-sm font-medium">
            {t('provider')}
          </label>
          <select
            id={providerId}
            value={active}
            aria-describedby={`${providerId}-hint`}
            onChange={(e) => {
              setActive(e.target.value as ProviderName);
              setMakeDefault(true);
              setErrors({});
              setStatus(null);
              setConnection(null);
            }}
            className="h-10 rounded-md border border-border bg-surface px-3 text-sm"
          >
            {providerNames.map((name) => (
              <option key={name} value={name}>
                {name === stored.api.activeProvider ? t('isDefault', { provider: name }) : name}
              </option>
            ))}
          </select>
          <p id={`${providerId}-hint`} className="text-xs text-fg-muted">
            {t('several')}
          </p>
        </div>
        <TextField
          label={t('base')}
          value={draft.base}
          placeholder={info.defaultBase}
          error={errors.base ? t(`errors.${errors.base}`) : undefined}
          hint={t('baseHint', { base: info.defaultBase })}
          onChange={(e) => change({ base: e.target.value })}
        />
        <TextField
          label={info.requires.key ? t('key') : t('keyOptional')}
          type="password"
          autoComplete="off"
          value={draft.key}
          onChange={(e) => change({ key: e.target.value })}
        />
        <div className="flex flex-col gap-2">
          <Button
            variant="outline"
            className="self-start"
            onClick={() => void runTest()}
            disabled={testing || !draft.base.trim()}
          >
            {testing ? t('connection.testing') : t('connection.test')}
          </Button>
          {connection ? (
            connection.ok ? (
              <p className="text-sm text-fg-muted" aria-live="polite" data-testid="connection-ok">
                {connectionText(connection)}
              </p>
            ) : (
              <p role="alert" className="text-sm break-words text-error-text">
                {connectionText(connection)}
              </p>
            )
          ) : null}
        </div>
        {draft.modelList.length ? (
          <div className="flex flex-col gap-1.5">
            <label htmlFor={chooseId} className="text-sm font-medium">
              {t('models.choose')}
            </label>
            <select
              id={chooseId}
              value={draft.modelList.includes(draft.model) ? draft.model : ''}
              onChange={(e) => change({ model: e.target.value })}
              className="h-10 rounded-md border border-border bg-surface px-3 text-sm"
            >
              <option value="" disabled>
                {t('models.chooseNone')}
              </option>
              {draft.modelList.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div className="flex items-end gap-2">
          <div className="min-w-0 flex-1">
            <TextField
              label={t('model')}
              value={draft.model}
              list={listId}
              placeholder={info.defaultModel}
              onChange={(e) => change({ model: e.target.value })}
            />
            <datalist id={listId}>
              {draft.modelList.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          </div>
          <Button
            variant="outline"
            onClick={() => void refreshModels()}
            disabled={loadingModels || !draft.base.trim()}
          >
            <RefreshCw aria-hidden className="size-4" />
            {t('models.refresh')}
          </Button>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={defaultId} className="flex items-center gap-2 text-sm">
            <input
              id={defaultId}
              type="checkbox"
              checked={makeDefault}
              aria-describedby={defaultHintId}
              onChange={(e) => {
                setMakeDefault(e.target.checked);
                setStatus(null);
              }}
            />
            {t('useAsDefault')}
          </label>
          <p id={defaultHintId} className="text-xs text-fg-muted">
            {t('useAsDefaultHint')}
          </p>
        </div>
        {firstRun ? null : <ModelMappingEditor mapping={mapping} onChange={setMapping} />}
        <div className="flex items-center gap-3">
          <Button type="submit">{t('save')}</Button>
          {status ? (
            <span role="status" className="text-sm text-fg-muted">
              {status}
            </span>
          ) : null}
        </div>
      </form>
      {firstRun ? null : (
        <>
          {children}
          <SyncRefusedAlert />
          <KeySyncSection
            // Keys opened from the server replace this device's: the fields show them at once.
            onKeysChanged={() => setDrafts(getSettings().api.providers)}
          />
          <SettingsFileActions
            onImported={(settings) => {
              setDrafts(settings.api.providers);
              setActive(settings.api.activeProvider);
              setMakeDefault(true);
              setMapping(settings.modelMapping);
            }}
          />
        </>
      )}
    </div>
  );
}
