import { useTranslation } from 'react-i18next';
import { postLoginTarget } from '@/lib/auth/redirect-target';
import { paths } from '@/lib/paths';
import { AuthShell } from '../components/auth-shell';
import { LoginForm } from '../components/login-form';

/** Shown by the sign-in page (src/sign-in-main.tsx), outside the app's router. */
export function LoginPage({ search }: { search: string }) {
  const { t } = useTranslation('auth');
  return (
    <AuthShell
      title={t('login.title')}
      footer={
        <>
          {t('login.noAccount')}{' '}
          {/* The redirect travels along, so registering also ends where the visitor was going. */}
          <a href={`${paths.register}${search}`} className="font-medium text-link underline">
            {t('login.registerLink')}
          </a>
        </>
      }
    >
      <LoginForm redirectTo={postLoginTarget(search)} />
    </AuthShell>
  );
}
