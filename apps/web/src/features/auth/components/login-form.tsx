import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TextField } from '@/components/ui/text-field';
import { useLogin } from '../api/login';
import { useAuthForm } from '../hooks/use-auth-form';
import { FormError } from './form-error';
import { SubmitButton } from './submit-button';

const fields = ['username', 'password'] as const;

/** Sign in with a username or an e-mail address and a password. */
export function LoginForm({ redirectTo }: { redirectTo: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const login = useLogin();
  const { fieldProps, formError, submitting, handleSubmit, preload } = useAuthForm({
    form: 'login',
    fields,
    loadSchema: () => import('@confab/protocol/auth').then((m) => m.loginBodySchema),
    submit: (body) => login.mutateAsync(body),
    onSuccess: () => navigate(redirectTo, { replace: true }),
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
