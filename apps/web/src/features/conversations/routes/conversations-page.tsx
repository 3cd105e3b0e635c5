import { MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/lib/paths';

/** /agents: the list of one-to-one chats, centred and at most 60 % wide on large screens. */
export function ConversationsPage() {
  const { t } = useTranslation('conversations');
  return (
    <div className="mx-auto w-full lg:max-w-[60vw]">
      <PageHeading title={t('title')} />
      <section aria-label={t('listLabel')}>
        <EmptyState
          icon={MessagesSquare}
          title={t('empty')}
          text={t('emptyText')}
          action={
            <Link to={paths.contacts} className={buttonClasses({ variant: 'outline' })}>
              {t('openContacts')}
            </Link>
          }
        />
      </section>
    </div>
  );
}
