import { useTranslation } from 'react-i18next';
import { TextField } from '@/components/ui/text-field';
import { assignLocation } from '@/lib/browser-location';
import { login } from '../api/login';
import { useAuthForm } from '../hooks/use-auth-form';
import { FormError } from './form-error';
import { SubmitButton } from './submit-button';

const fields = ['username', 'password'] as const;

/** Sign in with a username or an e-mail address and a password. */
export function LoginForm({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation('auth');
  const { fieldProps, formError, submitting, handleSubmit, preload } = useAuthForm({
    form: 'login',
    fields,
    loadSchema: () => import('@confab/protocol/auth').then((m) => m.loginBodySchema),
    submit: login,
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
        label={t('login.username')}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        {...fieldProps('username')}
      />
      <TextField
        label={t('login.password')}
        type="password"
        autoComplete="current-password"
        {...fieldProps('password')}
      />
      <FormError message={formError} />
      <SubmitButton label={t('login.submit')} busy={submitting} />
    </form>
  );
}
