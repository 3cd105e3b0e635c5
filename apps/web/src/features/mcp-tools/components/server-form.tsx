import { mcpApprovalPolicies, type McpServer } from '@confab/protocol/mcp';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Switch } from '@/components/ui/switch';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/toast-store';
import { isApiError } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { useSaveMcpServer } from '../api/save-server';
import { useAddPersonalServer } from '../api/personal';
import { checkServerForm, formValuesFrom, type ServerFormValues } from '../lib/server-form';
import { errorText } from '@/lib/error-text';

const control =
  'w-full rounded-md border border-border bg-surface px-3 text-sm text-fg focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-secondary aria-invalid:border-error';

function Field({
  label,
  error,
  hint,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  children: (id: string, describedBy?: string) => ReactNode;
}) {
  const id = useId();
  const describedBy =
    [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') ||
    undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-fg">
        {label}
      </label>
      {children(id, describedBy)}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-error-text">
          {error}
        </p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-fg-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Adds a remote server, or edits one added through the API (administrators); with `personal`,
 * adds a server of the user's own (no OAuth, always active, its key starting with my_).
 */
export function ServerForm({
  server,
  personal = false,
  onDone,
}: {
  server?: McpServer;
  personal?: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation('mcpTools');
  const mode = server ? 'update' : 'add';
  const shared = useSaveMcpServer(mode);
  const own = useAddPersonalServer();
  const save = personal ? own : shared;
  const activeId = useId();
  const oauthId = useId();
  const [values, setValues] = useState<ServerFormValues>(() => ({
    ...formValuesFrom(server),
    ...(personal && { key: 'my_' }),
  }));
  const [fields, setFields] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = <K extends keyof ServerFormValues>(key: K, value: ServerFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const check = checkServerForm(values);
    if (!check.ok) {
      setFields(
        check.badHeaderLine
          ? { 'transport.headers': t('form.invalidHeader', { line: check.badHeaderLine }) }
          : check.fields,
      );
      return;
    }
    setFields({});
    save.mutate(check.input, {
      onSuccess: (saved) => {
        toast({
          variant: 'success',
          title: t(mode === 'add' ? 'form.added' : 'form.saved', { name: saved.name }),
        });
        onDone();
      },
      onError: (error) => {
        setFailure(errorText(error));
        if (isApiError(error)) setFields({ ...error.fields });
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3" aria-busy={save.isPending}>
      {mode === 'add' ? (
        <p className="text-xs text-fg-muted">
          {personal ? t('personal.note') : t('form.stdioNote')}
        </p>
      ) : null}
      {failure ? (
        <Alert variant="error" title={t('form.failed')} role="alert">
          <span className="whitespace-pre-wrap">{failure}</span>
        </Alert>
      ) : null}
      <TextField
        label={t('form.key')}
        hint={personal ? t('personal.keyHint') : t('form.keyHint')}
        value={values.key}
        disabled={mode === 'update'}
        onChange={(event) => set('key', event.target.value)}
        error={fields.key}
        autoComplete="off"
      />
      <TextField
        label={t('form.name')}
        value={values.name}
        onChange={(event) => set('name', event.target.value)}
        error={fields.name}
      />
      <TextField
        label={t('form.description')}
        value={values.description}
        onChange={(event) => set('description', event.target.value)}
        error={fields.description}
      />
      <Field label={t('form.type')} error={fields['transport.type']}>
        {(id, describedBy) => (
          <select
            id={id}
            aria-describedby={describedBy}
            className={cn(control, 'h-10')}
            value={values.type}
            onChange={(event) =>
              set('type', event.target.value === 'sse' ? 'sse' : 'streamable-http')
            }
          >
            <option value="streamable-http">{t('server.transport.streamable-http')}</option>
            <option value="sse">{t('server.transport.sse')}</option>
          </select>
        )}
      </Field>
      <TextField
        label={t('form.url')}
        type="url"
        value={values.url}
        onChange={(event) => set('url', event.target.value)}
        error={fields['transport.url']}
        placeholder="https://tools.example.com/mcp"
      />
      <Field
        label={t('form.headers')}
        hint={t('form.headersHint')}
        error={fields['transport.headers']}
      >
        {(id, describedBy) => (
          <textarea
            id={id}
            aria-describedby={describedBy}
            aria-invalid={fields['transport.headers'] ? true : undefined}
            rows={3}
            spellCheck={false}
            className={cn(control, 'py-2 font-mono')}
            value={values.headers}
            onChange={(event) => set('headers', event.target.value)}
          />
        )}
      </Field>
      <Field label={t('form.approval')} error={fields.approvalPolicy}>
        {(id, describedBy) => (
          <select
            id={id}
            aria-describedby={describedBy}
            className={cn(control, 'h-10')}
            value={values.approvalPolicy}
            onChange={(event) =>
              set(
                'approvalPolicy',
                mcpApprovalPolicies.find((policy) => policy === event.target.value) ?? 'always ask',
              )
            }
          >
            {mcpApprovalPolicies.map((policy) => (
              <option key={policy} value={policy}>
                {t(`server.approval.${policy}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {personal ? null : (
        <div className="flex items-center gap-2">
          <Switch id={oauthId} checked={values.oauth} onCheckedChange={(on) => set('oauth', on)} />
          <label htmlFor={oauthId} className="text-sm">
            {t('form.oauth')}
          </label>
        </div>
      )}
      {values.oauth ? (
        <div className="flex flex-col gap-3 border-l-2 border-border pl-3">
          <p className="text-xs text-fg-muted">{t('form.oauthHint')}</p>
          <TextField
            label={t('form.clientId')}
            hint={t('form.clientIdHint')}
            value={values.clientId}
            onChange={(event) => set('clientId', event.target.value)}
            error={fields['auth.clientId']}
            autoComplete="off"
          />
          <TextField
            label={t('form.clientSecret')}
            type="password"
            value={values.clientSecret}
            placeholder={server?.auth?.hasClientSecret ? t('form.clientSecretKept') : undefined}
            onChange={(event) => set('clientSecret', event.target.value)}
            error={fields['auth.clientSecret']}
            autoComplete="new-password"
          />
          <TextField
            label={t('form.scopes')}
            hint={t('form.scopesHint')}
            value={values.scopes}
            onChange={(event) => set('scopes', event.target.value)}
            error={fields['auth.scopes']}
            autoComplete="off"
          />
        </div>
      ) : null}
      {personal ? null : (
        <div className="flex items-center gap-2">
          <Switch
            id={activeId}
            checked={values.active}
            onCheckedChange={(on) => set('active', on)}
          />
          <label htmlFor={activeId} className="text-sm">
            {t('form.active')}
          </label>
        </div>
      )}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending
            ? t('form.saving')
            : t(mode === 'add' ? 'form.submitAdd' : 'form.submitSave')}
        </Button>
      </div>
    </form>
  );
}
