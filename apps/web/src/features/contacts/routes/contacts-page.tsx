import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';
import { Alert } from '@/components/ui/alert';

/** /contacts: the contacts panel. */
export function ContactsPage() {
  const { t } = useTranslation('contacts');
  return (
    <div className="mx-auto w-full max-w-2xl">
      <PageHeading title={t('title')} />
      <section aria-label={t('tabs.list')}>
        <Alert variant="info" title={t('list.emptyTitle')}>
          {t('list.emptyText')}
        </Alert>
      </section>
    </div>
  );
}
