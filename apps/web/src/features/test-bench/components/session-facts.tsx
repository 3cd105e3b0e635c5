import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { openLoginPopup } from '@/lib/auth/popup-login';
import { useSession } from '@/lib/auth/use-session';
import { FactList } from './fact-list';

/** The session as the app reads it, and the popup sign-in that refreshes it. */
export function SessionFacts() {
  const { t, i18n } = useTranslation('testBench');
  const { session } = useSession();
  const [blocked, setBlocked] = useState(false);
  const user = session && 'user' in session ? session.user : null;
  const loggedInAt =
    session && 'loggedInAt' in session
      ? new Date(session.loggedInAt).toLocaleString(i18n.resolvedLanguage)
      : '';
  return (
    <FactList
      title={t('test.session.title')}
      facts={[
        [t('test.session.username'), user?.username ?? ''],
        [t('test.session.email'), user?.email ?? ''],
        [t('test.session.role'), user?.role ?? ''],
        [t('test.session.loggedInAt'), loggedInAt],
      ]}
    >
      <Button variant="outline" size="sm" onClick={() => setBlocked(openLoginPopup() === null)}>
        {t('test.session.popup')}
      </Button>
      {blocked ? <Alert variant="warning" title={t('test.session.popupBlocked')} /> : null}
    </FactList>
  );
}
