import type { SocialChat } from '@confab/protocol/social-chat';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChatToggleChange } from '../api/toggle-chat';
import { cn } from '@/lib/cn';
import { isValidChat } from '../lib/chat-check';
import { ConversationRow } from './conversation-row';

/** docs/product.md#conversation-list: the virtual list's default row height and overscan. */
export const conversationListSettings = { rowHeight: 80, overscan: 10 } as const;

/**
 * The rows, virtualised: only the rows in view (and ten either side) are in the page, so a
 * list of thousands of chats renders as fast as a short one.
 */
export function ConversationList({
  chats,
  viewerId,
  busyChatId,
  onOpen,
  onToggle,
  activeChatId = null,
  className,
}: {
  chats: readonly SocialChat[];
  viewerId: string | null;
  busyChatId: string | undefined;
  onOpen: (chatId: string) => void;
  onToggle: (change: ChatToggleChange) => void;
  /** The chat open beside the list (a wide screen). */
  activeChatId?: string | null;
  /** The list's height, when not the page's. */
  className?: string;
}) {
  const { t } = useTranslation('conversations');
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: chats.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => conversationListSettings.rowHeight,
    overscan: conversationListSettings.overscan,
    getItemKey: (index) => chats[index]?._id ?? index,
  });
  return (
    <div
      ref={scrollRef}
      className={cn(
        'overflow-y-auto rounded-lg border border-border',
        className ?? 'h-[calc(100dvh-16rem)] min-h-80',
      )}
    >
      <div
        role="list"
        aria-label={t('listLabel')}
        className="relative w-full"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((item) => {
          const chat = chats[item.index];
          if (!chat) return null;
          const position = { index: item.index, count: chats.length };
          const style = {
            position: 'absolute',
            top: 0,
            left: 0,
            width: '100%',
            height: item.size,
            transform: `translateY(${item.start}px)`,
          } as const;
          // Each chat is checked against the contract before it is drawn (lib/chat-check.ts).
          if (!isValidChat(chat)) {
            return (
              <div
                key={item.key}
                role="listitem"
                aria-posinset={position.index + 1}
                aria-setsize={position.count}
                style={style}
                className="flex items-center border-b border-border px-3 text-sm text-fg-muted italic"
              >
                {t('unreadable')}
              </div>
            );
          }
          return (
            <ConversationRow
              key={item.key}
              chat={chat}
              viewerId={viewerId}
              busy={busyChatId === chat._id}
              active={chat._id === activeChatId}
              position={position}
              style={style}
              onOpen={onOpen}
              onToggle={onToggle}
            />
          );
        })}
      </div>
    </div>
  );
}
