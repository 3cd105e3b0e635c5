import type { AiChat } from '@confab/protocol/ai-chat';
import { MessageSquarePlus, Search } from 'lucide-react';
import { useMemo, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useMessageSearch } from '../hooks/use-message-search';
import { ChatRows } from './chat-rows';
import { MessageSearchResults } from './message-search-results';

/** Case-insensitive substring match on the summary; an empty query keeps every chat. */
export function filterChats(chats: readonly AiChat[], query: string): AiChat[] {
  const q = query.trim().toLowerCase();
  return q ? chats.filter((c) => c.summary.toLowerCase().includes(q)) : [...chats];
}

/**
 * The AI chats: create, search (titles here, and the messages' text below them), open, rename,
 * delete; which ones generate a reply.
 */
export function ChatList({
  chats,
  activeId,
  generating = [],
  onCreate,
  onOpen,
  onOpenMessage,
  onRename,
  onDelete,
  searchRef,
  createMenu,
}: {
  chats: readonly AiChat[];
  activeId: string | null;
  /** The chats whose reply streams now. */
  generating?: readonly string[];
  onCreate: () => void;
  onOpen: (id: string) => void;
  /** Opens a chat at one of its messages (a message found by search). */
  onOpenMessage: (chatId: string, messageId: string) => void;
  onRename: (id: string, summary: string) => void;
  onDelete: (id: string) => void;
  /** The search field, for Cmd/Ctrl+K. */
  searchRef?: RefObject<HTMLInputElement | null>;
  /** Beside New chat: more ways to start a chat (the presets). */
  createMenu?: ReactNode;
}) {
  const { t } = useTranslation('mindBox');
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterChats(chats, query), [chats, query]);
  const search = useMessageSearch(query);
  return (
    <nav aria-label={t('chats.label')} className="flex min-h-0 flex-1 flex-col gap-2">
      <div className="flex gap-2">
        <Button onClick={onCreate} variant="outline" className="min-w-0 flex-1">
          <MessageSquarePlus aria-hidden className="size-4" />
          {t('chats.new')}
        </Button>
        {createMenu}
      </div>
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-fg-muted"
        />
        <Input
          ref={searchRef}
          type="search"
          aria-label={t('chats.search')}
          placeholder={t('chats.search')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          className="h-9 pl-8"
        />
      </div>
      {shown.length === 0 ? (
        <p className="px-2 py-4 text-sm text-fg-muted">
          {chats.length ? t('chats.noMatch') : t('chats.none')}
        </p>
      ) : (
        <ChatRows
          chats={shown}
          activeId={activeId}
          generating={generating}
          onOpen={onOpen}
          onRename={onRename}
          onDelete={onDelete}
        />
      )}
      <MessageSearchResults
        search={search}
        onOpen={(result) => onOpenMessage(result.chatId, result.messageId)}
      />
    </nav>
  );
}
