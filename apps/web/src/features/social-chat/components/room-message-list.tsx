import { useVirtualizer, type Range, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { TimeSeparator } from '@/components/time-separator';
import type { RoomMessage } from '../lib/message-order';
import { roomRows, type RoomRow } from '../lib/message-rows';
import { mountRange, reachStep } from '../lib/mount-range';
import { estimateRoomRow, headRowHeight } from '../lib/room-row-height';
import { JumpToLatest } from './jump-to-latest';
import { MessageBubble, type MessageHandlers } from './message-bubble';
import { NewMessagesLine } from './new-messages-line';

/** docs/product.md#chat-room: rows mounted beyond those in view, on each side. */
const overscan = 8;
/** Closer than this to the top loads older messages; to the bottom, follows new ones. */
const loadThreshold = 120;
const stickThreshold = 48;
/** The rows' width until one is laid out: a message's text wraps by it. */
let rowWidth = 640;

type Row = RoomRow | { type: 'head'; key: string };
const head: Row = { type: 'head', key: 'head' };

/** A message to bring into view (a search result), asked for anew each time. */
export interface FocusRequest {
  id: string;
  at: number;
}

/**
 * The chat's messages, oldest at the top, virtualised: only the rows in view (and a few around
 * them) are in the page, so 10,000 messages scroll and take new ones as fast as 20. Scrolling
 * near the top loads the 50 before, and the rows in view stay put while they are added above.
 * New messages keep the view at the bottom when it was there, or when they are one's own;
 * otherwise a button counts them and jumps to them. `onSeen` hears the last message of the
 * other person that was on screen (only that is marked read).
 */
export function RoomMessageList({
  messages,
  viewerId,
  hasMore,
  loadingOlder,
  onLoadOlder,
  highlightedId,
  focus,
  firstUnreadKey,
  onSeen,
  readOnly,
  ...handlers
}: {
  messages: readonly RoomMessage[];
  viewerId: string;
  hasMore: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => Promise<void>;
  highlightedId: string | null;
  focus: FocusRequest | null;
  /** The first message that was unread when the chat was opened: the new-messages line. */
  firstUnreadKey: string | null;
  onSeen: (message: RoomMessage) => void;
  /** Nothing can be edited or deleted in a read-only chat. */
  readOnly: boolean;
} & Omit<MessageHandlers, 'onMediaLoad'>) {
  const { t } = useTranslation('socialChat');
  const scrollRef = useRef<HTMLDivElement>(null);
  // The start-of-conversation line is a row once nothing older is left. While older pages may
  // come, the first row is a message: the virtualiser keeps the row in view in place as rows
  // are added above it, which a fixed first row would defeat.
  const rows = useMemo<Row[]>(() => {
    const messageRows = roomRows(messages, firstUnreadKey);
    return hasMore ? messageRows : [head, ...messageRows];
  }, [messages, firstUnreadKey, hasMore]);
  const [atBottom, setAtBottom] = useState(true);
  const stick = useRef(true);
  const [unseen, setUnseen] = useState(0);

  // The bubbles are memoised: handlers that change with every render of the room (a mutation's
  // result is a new object each time) would draw every row on screen again for each page that
  // loads. The rows get these, which stay the same and call the room's current ones.
  const current = useRef(handlers);
  current.current = handlers;
  const rowHandlers = useMemo<Omit<MessageHandlers, 'onMediaLoad'>>(
    () => ({
      onRetry: (clientId) => current.current.onRetry(clientId),
      onDiscard: (clientId) => current.current.onDiscard(clientId),
      onEdit: (message, content) => current.current.onEdit(message, content),
      onDelete: (message) => current.current.onDelete(message),
    }),
    [],
  );

  // What the scroll handler needs, current without re-creating the virtualiser's options.
  const latest = useRef({ rows, hasMore, loadingOlder, onLoadOlder, onSeen, viewerId });
  latest.current = { rows, hasMore, loadingOlder, onLoadOlder, onSeen, viewerId };
  const asked = useRef(false);
  const loadOlder = useCallback(() => {
    const now = latest.current;
    if (!now.hasMore || now.loadingOlder || asked.current) return;
    asked.current = true;
    now
      .onLoadOlder()
      .catch(() => undefined)
      .finally(() => {
        asked.current = false;
      });
  }, []);

  const estimateSize = useCallback(
    (index: number) => {
      const row = rows[index];
      if (!row) return 0;
      return row.type === 'head' ? headRowHeight : estimateRoomRow(row, rowWidth);
    },
    [rows],
  );
  // Sizes come from the resize observer, after the browser laid the rows out in its own frame:
  // reading them as the rows mount would force that layout inside the task.
  const measureElement = useCallback(
    (
      element: Element,
      entry: ResizeObserverEntry | undefined,
      list: Virtualizer<HTMLDivElement, Element>,
    ) => {
      const index = list.indexFromElement(element);
      const box = entry?.borderBoxSize?.[0];
      if (box) {
        rowWidth = box.inlineSize || rowWidth;
        return Math.round(box.blockSize);
      }
      const key = rows[index]?.key;
      return (key !== undefined ? list.itemSizeCache.get(key) : undefined) ?? estimateSize(index);
    },
    [rows, estimateSize],
  );

  // The newest of the other person's messages among the rows on screen (not the overscan).
  const reportSeen = useCallback((list: Virtualizer<HTMLDivElement, Element>) => {
    const range = list.range;
    const now = latest.current;
    if (!range) return;
    for (let index = range.endIndex; index >= range.startIndex; index -= 1) {
      const row = now.rows[index];
      if (row?.type === 'message' && row.message.sender !== now.viewerId) {
        const message = row.message;
        // After the render or scroll that found it: the room updates its own state.
        queueMicrotask(() => now.onSeen(message));
        return;
      }
    }
  }, []);

  const onChange = useCallback(
    (list: Virtualizer<HTMLDivElement, Element>) => {
      const offset = list.scrollOffset;
      if (offset === null) return;
      // From the virtualiser's own sums: reading the list's scroll height here would lay out,
      // inside the scroll event, the rows it just moved.
      const bottom = list.getTotalSize() - (list.scrollRect?.height ?? 0) - offset < stickThreshold;
      stick.current = bottom;
      // The virtualiser may call this while the list renders: state changes wait for after.
      queueMicrotask(() => {
        setAtBottom(bottom);
        if (bottom) setUnseen(0);
        if (offset < loadThreshold) loadOlder();
      });
      reportSeen(list);
    },
    [loadOlder, reportSeen],
  );

  // After a jump only the rows in view are mounted in its task; the margin grows after it.
  const [reach, setReach] = useState(overscan);
  const [toMount] = useState(mountRange);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const now = latest.current.rows;
      const { indexes, jumped } = toMount(range, (index) => now[index]?.key ?? index);
      if (jumped) queueMicrotask(() => setReach(0));
      return indexes;
    },
    [toMount],
  );
  useEffect(() => {
    if (reach >= overscan) return;
    const frame = requestAnimationFrame(() =>
      setReach((margin) => Math.min(overscan, margin + reachStep)),
    );
    return () => cancelAnimationFrame(frame);
  }, [reach]);

  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    measureElement,
    // A chat opens at its new-messages line, else at its end: rendering other rows first only
    // to scroll past them would double the work of the first paint, and would count the rows
    // passed over as seen.
    initialOffset: () => {
      const line = rows.findIndex((row) => row.type === 'unread');
      const upTo = line > 0 ? line : rows.length;
      let sum = 0;
      for (let i = 0; i < upTo; i += 1) sum += estimateSize(i);
      return sum;
    },
    overscan: reach,
    rangeExtractor,
    getItemKey: (index) => rows[index]?.key ?? index,
    // Older messages go in above the rows in view, which stay put.
    anchorTo: 'end',
    useAnimationFrameWithResizeObserver: true,
    onChange,
  });

  const toLatest = useCallback(() => {
    stick.current = true;
    setUnseen(0);
    virtualizer.scrollToEnd();
  }, [virtualizer]);

  // Opening: at the new-messages line when there is one (the initial offset is there), else at
  // the bottom. No scroll by index: an index points at another row once older pages come in.
  const opened = useRef(false);
  useLayoutEffect(() => {
    if (opened.current || messages.length === 0) return;
    opened.current = true;
    if (rows.some((row) => row.type === 'unread')) stick.current = false;
    else virtualizer.scrollToEnd();
  }, [messages.length, rows, virtualizer]);

  // A new last message: followed when the view was at the bottom or it is one's own, else
  // counted on the jump button.
  const last = messages.at(-1);
  const previousLast = useRef(last?.key);
  useLayoutEffect(() => {
    const before = previousLast.current;
    previousLast.current = last?.key;
    if (!last || last.key === before || !opened.current) return;
    if (stick.current || last.sender === viewerId) {
      toLatest();
      return;
    }
    const from = messages.findIndex((m) => m.key === before);
    const added = messages.slice(from + 1).filter((m) => m.sender !== viewerId).length;
    setUnseen((n) => n + added);
  }, [last, messages, viewerId, toLatest]);

  // A search result: scrolled to the middle once it is among the rows, once per request.
  const shownFocus = useRef<number | null>(null);
  useLayoutEffect(() => {
    if (!focus || shownFocus.current === focus.at) return;
    const index = rows.findIndex((row) => row.type === 'message' && row.message.id === focus.id);
    if (index < 0) return;
    shownFocus.current = focus.at;
    stick.current = false;
    // To its offset, once: older pages that load meanwhile keep the rows in view in place.
    const target = virtualizer.getOffsetForIndex(index, 'center');
    if (target) virtualizer.scrollToOffset(target[0]);
  }, [focus, rows, virtualizer]);

  // Too few messages to scroll: nothing would ever reach the top, so load on. The view's height
  // from the virtualiser: reading the element's would lay the page out after every render.
  useEffect(() => {
    const height = virtualizer.scrollRect?.height;
    if (height && hasMore && !loadingOlder && virtualizer.getTotalSize() <= height) loadOlder();
  });

  // Rows that came into view without a scroll (a new message at the bottom) are seen too.
  useEffect(() => reportSeen(virtualizer));

  const onMediaLoad = useCallback(() => {
    if (stick.current) toLatest();
  }, [toLatest]);

  const items = virtualizer.getVirtualItems();
  return (
    <div className="relative flex min-h-0 flex-1 flex-col">
      <div
        ref={scrollRef}
        role="log"
        aria-label={t('list.label')}
        aria-busy={loadingOlder}
        className="min-h-0 flex-1 overflow-y-auto px-2 [overflow-anchor:none]"
        data-testid="room-messages"
      >
        {messages.length === 0 ? (
          <p className="py-8 text-center text-sm text-fg-muted">{t('list.empty')}</p>
        ) : (
          <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
            <div
              className="absolute top-0 left-0 w-full"
              style={{ transform: `translateY(${items[0]?.start ?? 0}px)` }}
            >
              {items.map((item) => {
                const row = rows[item.index];
                if (!row) return null;
                return (
                  <div key={item.key} data-index={item.index} ref={virtualizer.measureElement}>
                    {row.type === 'head' ? (
                      <div className="flex h-10 items-center justify-center text-xs text-fg-muted">
                        {t('list.start')}
                      </div>
                    ) : row.type === 'timeLine' ? (
                      <TimeSeparator timestamp={row.timestamp} />
                    ) : row.type === 'unread' ? (
                      <NewMessagesLine />
                    ) : (
                      <MessageBubble
                        message={row.message}
                        own={row.message.sender === viewerId}
                        changeable={!readOnly}
                        highlighted={row.message.id === highlightedId}
                        showName={row.first}
                        showTime={row.last}
                        onMediaLoad={onMediaLoad}
                        {...rowHandlers}
                      />
                    )}
                  </div>
                );
              })}
            </div>
          </div>
        )}
      </div>
      {loadingOlder ? (
        <div className="pointer-events-none absolute top-2 left-1/2 z-10 -translate-x-1/2 rounded-full bg-surface p-1 shadow">
          <Spinner label={t('list.loadingOlder')} className="size-4" />
        </div>
      ) : null}
      {atBottom ? null : <JumpToLatest count={unseen} onJump={toLatest} />}
    </div>
  );
}
