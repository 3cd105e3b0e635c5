import type { McpInputField } from '@confab/protocol/mcp-input';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import type { FormValue } from '../lib/input-form';

const inputTypes = { email: 'email', uri: 'url', date: 'date', 'date-time': 'datetime-local' };

const boxClasses =
  'size-4 shrink-0 accent-secondary focus-visible:outline-2 focus-visible:outline-secondary';

/** One field of a server's form: its label, its control, its description and its problem. */
export function ToolInputField({
  field,
  id,
  value,
  problem,
  onChange,
}: {
  field: McpInputField;
  id: string;
  value: FormValue | undefined;
  problem: string | null;
  onChange: (value: FormValue) => void;
}) {
  const { t } = useTranslation('mcpTools');
  const describedBy = [field.description && `${id}-about`, problem && `${id}-problem`]
    .filter(Boolean)
    .join(' ');
  const aria = {
    'aria-invalid': problem ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
  const label = (
    <>
      <span className="break-words">{field.title}</span>
      {field.required ? (
        <>
          {' '}
          <span className="text-xs font-normal text-fg-muted">({t('input.required')})</span>
        </>
      ) : null}
    </>
  );
  const text = typeof value === 'string' ? value : '';
  let control;
  if (field.kind === 'boolean') {
    control = (
      <label className="flex items-center gap-2 text-sm">
        <input
          id={id}
          type="checkbox"
          className={boxClasses}
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
          {...aria}
        />
        {label}
      </label>
    );
  } else if (field.kind === 'choices') {
    const ticked = Array.isArray(value) ? value : [];
    return (
      <fieldset className="flex min-w-0 flex-col gap-1" {...aria}>
        <legend className="text-sm font-medium">{label}</legend>
        {field.description ? <About id={`${id}-about`} text={field.description} /> : null}
        <div className="flex flex-wrap gap-x-4 gap-y-1">
          {field.choices.map((choice) => (
            <label key={choice.value} className="flex min-w-0 items-center gap-2 text-sm">
              <input
                type="checkbox"
                className={boxClasses}
                checked={ticked.includes(choice.value)}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...ticked, choice.value]
                      : ticked.filter((item) => item !== choice.value),
                  )
                }
              />
              <span className="break-words">{choice.label}</span>
            </label>
          ))}
        </div>
        {problem ? <Problem id={`${id}-problem`} text={problem} /> : null}
      </fieldset>
    );
  } else if (field.kind === 'choice') {
    control = (
      <select
        id={id}
        className="h-10 w-full rounded-md border border-border bg-surface px-2 text-sm text-fg aria-invalid:border-error"
        value={text}
        onChange={(event) => onChange(event.target.value)}
        {...aria}
      >
        <option value="">{t('input.choose')}</option>
        {field.choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    );
  } else if (field.kind === 'number') {
    control = (
      <Input
        id={id}
        type="number"
        inputMode={field.integer ? 'numeric' : 'decimal'}
        step={field.integer ? 1 : 'any'}
        min={field.minimum ?? undefined}
        max={field.maximum ?? undefined}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        {...aria}
      />
    );
  } else {
    control = (
      <Input
        id={id}
        type={field.format ? inputTypes[field.format] : 'text'}
        maxLength={field.maxLength ?? undefined}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        {...aria}
      />
    );
  }
  return (
    <div className="flex min-w-0 flex-col gap-1">
      {field.kind === 'boolean' ? null : (
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
      )}
      {control}
      {field.description ? <About id={`${id}-about`} text={field.description} /> : null}
      {problem ? <Problem id={`${id}-problem`} text={problem} /> : null}
    </div>
  );
}

function About({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} className="text-xs break-words whitespace-pre-wrap text-fg-muted">
      {text}
    </p>
  );
}

function Problem({ id, text }: { id: string; text: string }) {
  return (
    <p id={id} className="text-xs text-error-text">
      {text}
    </p>
  );
}
