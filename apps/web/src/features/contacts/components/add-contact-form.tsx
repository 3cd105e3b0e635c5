import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { errorText } from '@/lib/error-text';
import { useAddContact } from '../api/add-contact';

type Outcome = { kind: 'sent' } | { kind: 'accepted' } | { kind: 'failure'; message: string };

/**
 * The AddContact tab (docs/product.md#add-contact): idle → loading (button disabled) → success
 * (field cleared) or failure, which says why in the interface's language (yourself, unknown,
 * already sent, already friends, no answer). Adding someone whose request is pending accepts
 * it, and says so. One banner at a time, and none once the name is edited again: a banner
 * always speaks of the last attempt.
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
        onSuccess: (contact) => {
          setName('');
          setTouched(false);
          setOutcome({ kind: contact.status === 'accepted' ? 'accepted' : 'sent' });
        },
        onError: (error) => setOutcome({ kind: 'failure', message: errorText(error) }),
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
          setOutcome(null);
        }}
      />
      <Button type="submit" className="w-full" disabled={trimmed === '' || add.isPending}>
        {t('add.submit')}
      </Button>
      {outcome && outcome.kind !== 'failure' ? (
        <Alert variant="success" title={t('add.successTitle')}>
          {outcome.kind === 'accepted' ? t('add.acceptedText') : t('add.successText')}
        </Alert>
      ) : null}
      {outcome?.kind === 'failure' ? (
        <Alert variant="warning" title={t('add.failedTitle')}>
          {outcome.message}
        </Alert>
      ) : null}
    </form>
  );
}
