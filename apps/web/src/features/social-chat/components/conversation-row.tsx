import type { SocialChat } from '@confab/protocol/social-chat';
import { BellOff, Pin } from 'lucide-react';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { VisibleName } from '@/components/ui/visible-name';
import { visibleText } from '@/lib/visible-text';
import type { ChatToggleChange } from '../api/toggle-chat';
import { chatNickname, formatChatTime } from '../lib/chat-row';
import { ChatRowActions } from './chat-row-actions';
import { MessagePreview } from './message-preview';

/** Above this the badge says 99+: the exact number is in its label. */
const maxShownUnread = 99;

/**
 * One conversation (docs/product.md#conversation-list): avatar or initial, name, time, preview,
 * unread badge, online dot; the row opens the chat, its menu changes the toggles.
 */
export function ConversationRow({
  chat,
  viewerId,
  busy,
  active = false,
  style,
  position,
  onOpen,
  onToggle,
}: {
  chat: SocialChat;
  viewerId: string | null;
  busy: boolean;
  /** The chat open beside the list. */
  active?: boolean;
  style: CSSProperties;
  position: { index: number; count: number };
  onOpen: (chatId: string) => void;
  onToggle: (change: ChatToggleChange) => void;
}) {
  const { t, i18n } = useTranslation('conversations');
  const nickname = chatNickname(chat);
  const name = nickname === null ? t('unknownName') : visibleText(nickname);
  const time = formatChatTime(chat.lastTime, i18n.language, t('yesterday'));
  return (
    <div
      role="listitem"
      aria-label={name}
      aria-posinset={position.index + 1}
      aria-setsize={position.count}
      aria-current={active ? 'true' : undefined}
      data-index={position.index}
      style={style}
      className="relative flex items-center gap-3 border-b border-border px-3 transition-colors hover:bg-surface-muted aria-[current=true]:bg-surface-muted"
    >
      <span className="relative shrink-0">
        <Avatar name={nickname ?? ''} label={name} src={chat.avatar} size={48} />
        {chat.isOnline ? (
          <span
            role="img"
            aria-label={t('online')}
            className="absolute right-0 bottom-0 size-3 rounded-full bg-success ring-2 ring-surface"
          />
        ) : null}
      </span>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex items-center gap-2">
          {/* The button's area covers the whole row (after:inset-0): tapping anywhere opens. */}
          <button
            type="button"
            onClick={() => onOpen(chat._id)}
            className="min-w-0 truncate text-left font-medium text-fg after:absolute after:inset-0 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-secondary"
          >
            <VisibleName name={nickname ?? name} />
          </button>
          {chat.isPinned ? (
            <Pin role="img" aria-label={t('pinned')} className="size-3.5 shrink-0 text-fg-muted" />
          ) : null}
          {chat.isMuted ? (
            <BellOff
              role="img"
              aria-label={t('muted')}
              className="size-3.5 shrink-0 text-fg-muted"
            />
          ) : null}
          {time === null ? null : (
            <time
              dateTime={chat.lastTime ?? undefined}
              className="ml-auto shrink-0 text-xs text-fg-muted tabular-nums"
            >
              {time}
            </time>
          )}
        </div>
        <div className="flex items-center gap-2">
          <MessagePreview chat={chat} viewerId={viewerId} />
          {chat.unread > 0 ? (
            <Badge
              variant={chat.isMuted ? 'neutral' : 'error'}
              className="ml-auto shrink-0 tabular-nums"
            >
              <span aria-hidden>
                {chat.unread > maxShownUnread ? `${maxShownUnread}+` : chat.unread}
              </span>
              <span className="sr-only">{t('unread', { count: chat.unread })}</span>
            </Badge>
          ) : null}
        </div>
      </div>
      {/* Above the row's button area, so the menu opens instead of the chat. */}
      <div className="relative z-10">
        <ChatRowActions chat={chat} name={name} disabled={busy} onToggle={onToggle} />
      </div>
    </div>
  );
}
