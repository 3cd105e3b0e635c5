import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ErrorPage } from './error-page';

/** Any path outside the route table, for every visitor, signed in or not. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return <ErrorPage statusCode={404} message={t('errors.pageNotFound')} detail={pathname} />;
}
