import type { AiChat } from '@confab/protocol/ai-chat';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { ChatRow } from './chat-row';

/** A row's height before it is measured (a title line), and the rows kept beyond the view. */
const chatListSettings = { rowHeight: 38, overscan: 12 } as const;

/**
 * The chat list's rows, virtualised: only the rows in view (and a few either side) are in the
 * page, so an account with a thousand chats lists them as fast as one with ten.
 */
export function ChatRows({
  chats,
  activeId,
  generating,
  onOpen,
  onRename,
  onDelete,
}: {
  chats: readonly AiChat[];
  activeId: string | null;
  generating: readonly string[];
  onOpen: (id: string) => void;
  onRename: (id: string, summary: string) => void;
  onDelete: (id: string) => void;
}) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: chats.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => chatListSettings.rowHeight,
    overscan: chatListSettings.overscan,
    getItemKey: (index) => chats[index]?.id ?? index,
  });
  return (
    <div ref={scrollRef} className="min-h-0 overflow-y-auto">
      <div role="list" className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((item) => {
          const chat = chats[item.index];
          if (!chat) return null;
          return (
            <div
              key={item.key}
              role="listitem"
              data-index={item.index}
              ref={virtualizer.measureElement}
              className="absolute top-0 left-0 w-full pb-0.5"
              style={{ transform: `translateY(${item.start}px)` }}
            >
              <ChatRow
                chat={chat}
                active={chat.id === activeId}
                generating={generating.includes(chat.id)}
                onOpen={() => onOpen(chat.id)}
                onRename={(summary) => onRename(chat.id, summary)}
                onDelete={() => onDelete(chat.id)}
              />
            </div>
          );
        })}
      </div>
    </div>
  );
}
