import { CircleCheck } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';
import { signalLoginComplete } from '@/lib/auth/popup-login';
import { paths } from '@/lib/paths';
import { AuthShell } from '../components/auth-shell';

/**
 * The end of a popup sign-in: tells the opener through the storage flag, then closes itself.
 * Opened as an ordinary page (no opener), it stays and offers the way on.
 */
export function LoginsPage() {
  const { t } = useTranslation('auth');
  useEffect(() => {
    signalLoginComplete();
    if (window.opener) window.close();
  }, []);
  return (
    <AuthShell title={t('logins.title')}>
      <div className="flex flex-col items-center gap-4 text-center">
        <CircleCheck aria-hidden className="size-10 text-success" />
        <p className="text-sm text-fg-muted">{t('logins.text')}</p>
        <Link to={paths.home} className={buttonClasses()}>
          {t('logins.continue')}
        </Link>
      </div>
    </AuthShell>
  );
}
