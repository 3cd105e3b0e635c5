import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';
import { assignLocation } from '@/lib/browser-location';
import { register } from '../api/register';
import { useAuthForm } from '../hooks/use-auth-form';
import { FormError } from './form-error';
import { SubmitButton } from './submit-button';

const fields = ['username', 'email', 'password'] as const;

/** Create an account; the server signs the new user in. */
export function RegisterForm({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation('auth');
  const { fieldProps, formError, submitting, handleSubmit, preload } = useAuthForm({
    form: 'register',
    fields,
    loadSchema: () => import('@confab/protocol/auth').then((m) => m.registerBodySchema),
    submit: register,
    // A full load of the target: the app starts afresh for the account now signed in.
    onSuccess: () => assignLocation(redirectTo),
  });

  return (
    <form
      noValidate
      onFocus={preload}
      onSubmit={(event) => void handleSubmit(event)}
      className="flex flex-col gap-4"
    >
      <TextField
        label={t('register.username')}
        hint={t('register.usernameHint')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        {...fieldProps('username')}
      />
      <TextField
        label={t('register.email')}
        type="email"
        autoComplete="email"
        spellCheck={false}
        {...fieldProps('email')}
      />
      <TextField
        label={t('register.password')}
        hint={t('register.passwordHint')}
        type="password"
        autoComplete="new-password"
        {...fieldProps('password')}
      />
      <FormError message={formError} />
      <SubmitButton label={t('register.submit')} busy={submitting} />
    </form>
  );
}
