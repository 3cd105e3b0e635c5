import { useTranslation } from 'react-i18next';
import { AppHeader } from '@/components/app-header/app-header';
import { DocumentTitle } from '@/components/document-title';

/** /agents/header: the app header, rendered alone. */
export function HeaderPreviewPage() {
  const { t } = useTranslation('previews');
  return (
    <>
      <DocumentTitle title={t('header.title')} />
      <h1 className="sr-only">{t('header.title')}</h1>
      <AppHeader />
    </>
  );
}
