import { useTranslation } from 'react-i18next';
import { postLoginTarget } from '@/lib/auth/redirect-target';
import { paths } from '@/lib/paths';
import { AuthShell } from '../components/auth-shell';
import { RegisterForm } from '../components/register-form';

/** Shown by the sign-in page (src/sign-in-main.tsx), outside the app's router. */
export function RegisterPage({ search }: { search: string }) {
  const { t } = useTranslation('auth');
  return (
    <AuthShell
      title={t('register.title')}
      footer={
        <>
          {t('register.haveAccount')}{' '}
          <a href={`${paths.login}${search}`} className="font-medium text-link underline">
            {t('register.loginLink')}
          </a>
        </>
      }
    >
      <RegisterForm redirectTo={postLoginTarget(search)} />
    </AuthShell>
  );
}
