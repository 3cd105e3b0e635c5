import { MessagesSquare, RefreshCw } from 'lucide-react';
import { errorText } from '@/lib/error-text';
import { useDeferredValue, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast-store';
import { paths } from '@/lib/paths';
import { useChats } from '../api/get-chats';
import { useToggleChat } from '../api/toggle-chat';
import { useOpenChat } from '../hooks/use-open-chat';
import { inView, orderChats, type ChatView } from '../lib/order-chats';
import { searchChats } from '../lib/search-chats';
import { ConversationList } from './conversation-list';
import { ConversationToolbar } from './conversation-toolbar';

/**
 * The viewer's chats (docs/product.md#conversation-list): pinned first, archived ones in a view
 * of their own, searchable. The whole of /agents, and beside the room on a wide screen.
 */
export function ConversationsPanel({
  viewerId,
  listClassName,
  activeChatId = null,
}: {
  viewerId: string | null;
  /** The list's height where it is shown. */
  listClassName?: string;
  /** The chat open beside the list, marked as the current one. */
  activeChatId?: string | null;
}) {
  const { t } = useTranslation('conversations');
  const chats = useChats();
  const openChat = useOpenChat();
  const toggle = useToggleChat({
    onError: (error) =>
      toast({ variant: 'error', title: t('failures.toggle'), description: errorText(error) }),
  });
  const [view, setView] = useState<ChatView>('active');
  const [query, setQuery] = useState('');
  // Typing stays responsive while a long list is filtered.
  const deferredQuery = useDeferredValue(query);

  const ordered = useMemo(() => orderChats(chats.data ?? []), [chats.data]);
  const archivedCount = useMemo(
    () => ordered.filter((chat) => inView(chat, 'archived')).length,
    [ordered],
  );
  const shown = useMemo(
    () =>
      searchChats(
        ordered.filter((chat) => inView(chat, view)),
        deferredQuery,
      ),
    [ordered, view, deferredQuery],
  );

  let body;
  if (chats.isPending) {
    body = <Spinner label={t('loading')} className="self-center py-10" />;
  } else if (chats.isError) {
    body = (
      <Alert variant="error" title={t('loadFailed')}>
        <div className="flex flex-col items-start gap-2">
          <span>{errorText(chats.error)}</span>
          <Button variant="outline" size="sm" onClick={() => void chats.refetch()}>
            <RefreshCw aria-hidden className="size-4" />
            {t('retry')}
          </Button>
        </div>
      </Alert>
    );
  } else if (chats.data.length === 0) {
    body = (
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
    );
  } else {
    body = (
      <>
        <ConversationToolbar
          query={query}
          onQueryChange={setQuery}
          view={view}
          onViewChange={setView}
          archivedCount={archivedCount}
          stacked={listClassName !== undefined}
        />
        {shown.length === 0 ? (
          <p className="py-10 text-center text-sm text-fg-muted">
            {deferredQuery.trim() ? t('noMatches') : t(`noChats.${view}`)}
          </p>
        ) : (
          <ConversationList
            chats={shown}
            viewerId={viewerId}
            busyChatId={toggle.isPending ? toggle.variables.chatId : undefined}
            onOpen={openChat}
            onToggle={(change) => toggle.mutate(change)}
            activeChatId={activeChatId}
            className={listClassName}
          />
        )}
      </>
    );
  }

  return body;
}
