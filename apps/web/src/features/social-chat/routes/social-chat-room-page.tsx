import { MessageCircle } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { Alert } from '@/components/ui/alert';
import { useSession } from '@/lib/auth/use-session';
import { paths, socialChatRoomChatParam } from '@/lib/paths';
import { setActiveChat, useActiveChatId } from '../stores/active-chat';
import { useChat } from '../api/get-chats';
import { ChatRoom } from '../components/chat-room';
import { ConversationsPanel } from '../components/conversations-panel';
import { useLiveSocialChat } from '../hooks/use-live-social-chat';
import { errorText } from '@/lib/error-text';
import { SenderNames, senderNamesOf } from '../lib/sender-names';

function NoChat({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation('socialChat');
  return (
    <div className="mx-auto w-full lg:max-w-[60vw]">
      <PageHeading title={t('title')} />
      <EmptyState
        icon={MessageCircle}
        title={title}
        text={text}
        action={
          <Link to={paths.agents} className={buttonClasses({ variant: 'outline' })}>
            {t('openChats')}
          </Link>
        }
      />
    </div>
  );
}

/**
 * /socialChatRoom: the active one-to-one chat, chosen in the conversation list (or named by
 * `?chat=`, which then becomes the active chat).
 */
export function SocialChatRoomPage() {
  const { t } = useTranslation('socialChat');
  const [params] = useSearchParams();
  const requested = params.get(socialChatRoomChatParam);
  const activeChatId = useActiveChatId();
  const chatId = requested ?? activeChatId;
  const { user } = useSession();
  const chat = useChat(chatId);
  useLiveSocialChat(user?.id ?? null);

  useEffect(() => {
    if (requested && requested !== activeChatId) setActiveChat(requested);
  }, [requested, activeChatId]);

  if (!chatId || !user) return <NoChat title={t('empty')} text={t('emptyText')} />;
  if (chat.isPending) {
    return (
      <div className="flex justify-center p-8">
        <Spinner label={t('title')} />
      </div>
    );
  }
  if (chat.isError) {
    return (
      <div className="mx-auto w-full lg:max-w-[60vw]">
        <Alert variant="error" title={t('loadFailed')}>
          {errorText(chat.error)}
        </Alert>
      </div>
    );
  }
  if (!chat.data) return <NoChat title={t('notFound')} text={t('notFoundText')} />;
  return (
    <div className="flex w-full gap-4">
      {/* A wide screen keeps the chats beside the room (docs/product.md#chat-room). */}
      <section aria-label={t('chatsLabel')} className="hidden w-80 shrink-0 flex-col lg:flex">
        <ConversationsPanel
          viewerId={user.id}
          activeChatId={chat.data._id}
          listClassName="h-[calc(100dvh-15rem)]"
        />
      </section>
      <SenderNames.Provider value={senderNamesOf(chat.data)}>
        <ChatRoom key={chat.data._id} chat={chat.data} viewer={user} />
      </SenderNames.Provider>
    </div>
  );
}
