import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { postLoginTarget } from '@/lib/auth/redirect-target';
import { paths } from '@/lib/paths';
import { AuthShell } from '../components/auth-shell';
import { LoginForm } from '../components/login-form';

export function LoginPage() {
  const { t } = useTranslation('auth');
  const { search } = useLocation();
  return (
    <AuthShell
      title={t('login.title')}
      footer={
        <>
          {t('login.noAccount')}{' '}
          {/* The redirect travels along, so registering also ends where the visitor was going. */}
          <Link to={`${paths.register}${search}`} className="font-medium text-link underline">
            {t('login.registerLink')}
          </Link>
        </>
      }
    >
      <LoginForm redirectTo={postLoginTarget(search)} />
    </AuthShell>
  );
}
