import type { AiChat } from '@confab/protocol/ai-chat';
import { Check, LoaderCircle, Pencil, Trash2, X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/** One AI chat in the list: open it, rename it in place, delete it; whether it generates. */
export function ChatRow({
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
      <div>
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
      </div>
    );
  }

  return (
    <div
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
    </div>
  );
}
