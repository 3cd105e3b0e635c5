import type { AiChat } from '@confab/protocol/ai-chat';
import { Check, LoaderCircle, MessageSquarePlus, Pencil, Search, Trash2, X } from 'lucide-react';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { useMessageSearch } from '../hooks/use-message-search';
import { MessageSearchResults } from './message-search-results';

/** Case-insensitive substring match on the summary; an empty query keeps every chat. */
export function filterChats(chats: readonly AiChat[], query: string): AiChat[] {
  const q = query.trim().toLowerCase();
  return q ? chats.filter((c) => c.summary.toLowerCase().includes(q)) : [...chats];
}

function ChatRow({
  chat,
  active,
  generating,
  onOpen,
  onRename,
  onDelete,
}: {
  chat: AiChat;
  active: boolean;
  /** A reply streams in this chat now. */
  generating: boolean;
  onOpen: () => void;
  onRename: (summary: string) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation('mindBox');
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(chat.summary);
  const title = chat.summary || t('chats.untitled');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onRename(name.trim());
    setEditing(false);
  };

  if (editing) {
    return (
      <li>
        <form onSubmit={submit} className="flex items-center gap-1 p-1">
          <Input
            aria-label={t('chats.renameLabel')}
            value={name}
            maxLength={200}
            autoFocus
            onChange={(e) => setName(e.target.value)}
            onKeyDown={(e) => e.key === 'Escape' && setEditing(false)}
            className="h-8"
          />
          <Button type="submit" size="icon" variant="ghost" aria-label={t('chats.save')}>
            <Check aria-hidden className="size-4" />
          </Button>
          <Button
            size="icon"
            variant="ghost"
            aria-label={t('chats.cancel')}
            onClick={() => setEditing(false)}
          >
            <X aria-hidden className="size-4" />
          </Button>
        </form>
      </li>
    );
  }

  return (
    <li
      className={cn(
        'group flex items-center gap-1 rounded-md pr-1',
        active ? 'bg-surface-muted' : 'hover:bg-surface-muted',
      )}
    >
      <button
        type="button"
        onClick={onOpen}
        aria-current={active ? 'true' : undefined}
        className="flex min-w-0 flex-1 items-center gap-1.5 px-2 py-2 text-left text-sm"
      >
        <span className="min-w-0 flex-1 truncate">{title}</span>
        {generating ? (
          <span
            data-testid="chat-generating"
            title={t('chats.generating')}
            className="shrink-0 text-primary"
          >
            <LoaderCircle aria-hidden className="size-3.5 animate-spin" />
            <span className="sr-only">{t('chats.generating')}</span>
          </span>
        ) : null}
      </button>
      <Button
        size="icon"
        variant="ghost"
        className="size-7"
        aria-label={`${t('chats.rename')}: ${title}`}
        onClick={() => {
          setName(chat.summary);
          setEditing(true);
        }}
      >
        <Pencil aria-hidden className="size-3.5" />
      </Button>
      <Button
        size="icon"
        variant="ghost"
        className="size-7"
        aria-label={`${t('chats.delete')}: ${title}`}
        onClick={() => {
          if (window.confirm(t('chats.deleteConfirm', { name: title }))) onDelete();
        }}
      >
        <Trash2 aria-hidden className="size-3.5" />
      </Button>
    </li>
  );
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
}) {
  const { t } = useTranslation('mindBox');
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterChats(chats, query), [chats, query]);
  const search = useMessageSearch(query);
  return (
    <nav aria-label={t('chats.label')} className="flex min-h-0 flex-1 flex-col gap-2">
      <Button onClick={onCreate} variant="outline" className="w-full">
        <MessageSquarePlus aria-hidden className="size-4" />
        {t('chats.new')}
      </Button>
      <div className="relative">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-fg-muted"
        />
        <Input
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
        <ul className="flex min-h-0 flex-col gap-0.5 overflow-y-auto">
          {shown.map((chat) => (
            <ChatRow
              key={chat.id}
              chat={chat}
              active={chat.id === activeId}
              generating={generating.includes(chat.id)}
              onOpen={() => onOpen(chat.id)}
              onRename={(summary) => onRename(chat.id, summary)}
              onDelete={() => onDelete(chat.id)}
            />
          ))}
        </ul>
      )}
      <MessageSearchResults
        search={search}
        onOpen={(result) => onOpenMessage(result.chatId, result.messageId)}
      />
    </nav>
  );
}
