import { useTranslation } from 'react-i18next';
import { PageHeading } from '@/components/page-heading';
import { useSession } from '@/lib/auth/use-session';
import { ConversationsPanel } from '../components/conversations-panel';
import { useLiveSocialChat } from '../hooks/use-live-social-chat';

/**
 * /agents (docs/product.md#conversation-list): the viewer's chats, centred, at most 60 % wide on
 * large screens; kept live.
 */
export function ConversationsPage() {
  const { t } = useTranslation('conversations');
  const { user } = useSession();
  const viewerId = user?.id ?? null;
  useLiveSocialChat(viewerId);
  return (
    <div className="mx-auto flex w-full flex-col lg:max-w-[60vw]">
      <PageHeading title={t('title')} />
      <section aria-label={t('listLabel')} className="flex flex-col">
        <ConversationsPanel viewerId={viewerId} />
      </section>
    </div>
  );
}
