import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { isApiError } from '@/lib/api-error';
import { useAddContact } from '../api/add-contact';

type Outcome = { kind: 'success' } | { kind: 'failure' } | { kind: 'error'; message: string };

/**
 * The AddContact tab (docs/product.md#add-contact): idle → loading (button disabled) → success
 * (field cleared) or failure. A refusal by the server is "failure"; no answer at all is an
 * "exception", shown with its own message.
 */
export function AddContactForm() {
  const { t } = useTranslation('contacts');
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const add = useAddContact();
  const trimmed = name.trim();
  const invalid = touched && trimmed === '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (trimmed === '' || add.isPending) return;
    setOutcome(null);
    add.mutate(
      { receiverName: trimmed },
      {
        onSuccess: () => {
          setName('');
          setTouched(false);
          setOutcome({ kind: 'success' });
        },
        onError: (error) => {
          if (isApiError(error) && error.statusCode >= 400) setOutcome({ kind: 'failure' });
          else setOutcome({ kind: 'error', message: error.message || t('add.error') });
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4">
      <TextField
        label={t('add.label')}
        name="receiverName"
        placeholder={t('add.placeholder')}
        autoComplete="off"
        value={name}
        error={invalid ? t('add.invalid') : undefined}
        onChange={(event) => {
          setName(event.target.value);
          setTouched(true);
        }}
      />
      <Button type="submit" className="w-full" disabled={trimmed === '' || add.isPending}>
        {t('add.submit')}
      </Button>
      {outcome?.kind === 'success' ? (
        <Alert variant="success" title={t('add.successTitle')}>
          {t('add.successText')}
        </Alert>
      ) : null}
      {outcome && outcome.kind !== 'success' ? (
        <Alert variant="warning" title={t('add.failedTitle')}>
          {outcome.kind === 'failure' ? t('add.failedText') : outcome.message}
        </Alert>
      ) : null}
    </form>
  );
}
