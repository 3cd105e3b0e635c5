import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { postLoginTarget } from '@/lib/auth/redirect-target';
import { paths } from '@/lib/paths';
import { AuthShell } from '../components/auth-shell';
import { RegisterForm } from '../components/register-form';

export function RegisterPage() {
  const { t } = useTranslation('auth');
  const { search } = useLocation();
  return (
    <AuthShell
      title={t('register.title')}
      footer={
        <>
          {t('register.haveAccount')}{' '}
          <Link to={`${paths.login}${search}`} className="font-medium text-link underline">
            {t('register.loginLink')}
          </Link>
        </>
      }
    >
      <RegisterForm redirectTo={postLoginTarget(search)} />
    </AuthShell>
  );
}
