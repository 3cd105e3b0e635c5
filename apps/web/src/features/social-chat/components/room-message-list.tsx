import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { TimeSeparator } from '@/components/time-separator';
import type { RoomMessage } from '../lib/message-order';
import { roomRows } from '../lib/message-rows';
import { MessageBubble, type MessageHandlers } from './message-bubble';

/** Closer than this to the top loads older messages; to the bottom, follows new ones. */
const loadThreshold = 120;
const stickThreshold = 48;

/**
 * The chat's messages, oldest at the top. Scrolling near the top loads the 50 before; the view
 * keeps its place while they are added above. New messages bring the view to the bottom when it
 * was there already, or when they are one's own.
 */
export function RoomMessageList({
  messages,
  viewerId,
  hasMore,
  loadingOlder,
  onLoadOlder,
  highlightedId,
  readOnly,
  ...handlers
}: {
  messages: readonly RoomMessage[];
  viewerId: string;
  hasMore: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => Promise<void>;
  highlightedId: string | null;
  /** Nothing can be edited or deleted in a read-only chat. */
  readOnly: boolean;
} & Omit<MessageHandlers, 'onMediaLoad'>) {
  const { t } = useTranslation('socialChat');
  const scrollRef = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  // Where the view was when older messages were asked for: restored once they are in.
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const previous = useRef<{ first?: string; last?: string }>({});
  const rows = useMemo(() => roomRows(messages), [messages]);

  const loadOlder = useCallback(() => {
    const el = scrollRef.current;
    if (!el || !hasMore || loadingOlder || anchor.current) return;
    anchor.current = { height: el.scrollHeight, top: el.scrollTop };
    onLoadOlder().catch(() => {
      anchor.current = null;
    });
  }, [hasMore, loadingOlder, onLoadOlder]);

  const onScroll = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    stick.current = el.scrollHeight - el.scrollTop - el.clientHeight < stickThreshold;
    if (el.scrollTop < loadThreshold) loadOlder();
  }, [loadOlder]);

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el) return;
    const first = messages[0]?.key;
    const lastMessage = messages.at(-1);
    const before = previous.current;
    previous.current = { first, last: lastMessage?.key };
    if (anchor.current && first !== before.first) {
      el.scrollTop = el.scrollHeight - anchor.current.height + anchor.current.top;
      anchor.current = null;
    } else if (lastMessage?.key !== before.last) {
      if (stick.current || lastMessage?.sender === viewerId) el.scrollTop = el.scrollHeight;
    }
    if (!loadingOlder) anchor.current = null;
    // Too few messages to scroll: nothing would ever reach the top, so load on.
    if (hasMore && !loadingOlder && el.scrollHeight <= el.clientHeight) loadOlder();
  }, [messages, viewerId, hasMore, loadingOlder, loadOlder]);

  const onMediaLoad = useCallback(() => {
    const el = scrollRef.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, []);

  return (
    <div
      ref={scrollRef}
      onScroll={onScroll}
      role="log"
      aria-label={t('list.label')}
      aria-busy={loadingOlder}
      className="min-h-0 flex-1 overflow-y-auto px-2 [overflow-anchor:none]"
      data-testid="room-messages"
    >
      <div className="flex min-h-6 justify-center py-2 text-xs text-fg-muted">
        {loadingOlder ? (
          <Spinner label={t('list.loadingOlder')} className="size-4" />
        ) : !hasMore && messages.length ? (
          <span>{t('list.start')}</span>
        ) : null}
      </div>
      {messages.length === 0 ? (
        <p className="py-8 text-center text-sm text-fg-muted">{t('list.empty')}</p>
      ) : null}
      {rows.map((row) =>
        row.type === 'timeLine' ? (
          <TimeSeparator key={row.key} timestamp={row.timestamp} />
        ) : (
          <MessageBubble
            key={row.key}
            message={row.message}
            own={row.message.sender === viewerId}
            changeable={!readOnly}
            highlighted={row.message.id === highlightedId}
            onMediaLoad={onMediaLoad}
            {...handlers}
          />
        ),
      )}
    </div>
  );
}
