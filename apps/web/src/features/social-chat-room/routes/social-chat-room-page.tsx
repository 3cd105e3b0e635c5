import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { paths } from '@/lib/paths';

/** /socialChatRoom: the active one-to-one chat, chosen in the conversation list. */
export function SocialChatRoomPage() {
  const { t } = useTranslation('socialChat');
  return (
    <div className="mx-auto w-full lg:max-w-[60vw]">
      <PageHeading title={t('title')} />
      <EmptyState
        icon={MessageCircle}
        title={t('empty')}
        text={t('emptyText')}
        action={
          <Link to={paths.agents} className={buttonClasses({ variant: 'outline' })}>
            {t('openChats')}
          </Link>
        }
      />
    </div>
  );
}
