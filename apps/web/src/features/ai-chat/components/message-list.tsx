import type { AiChatMessage } from '@confab/protocol/ai-chat';
import {
  defaultRangeExtractor,
  useVirtualizer,
  type Range,
  type Virtualizer,
} from '@tanstack/react-virtual';
import {
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { TimeSeparator } from '@/components/time-separator';
import { cn } from '@/lib/cn';
import { versionPlaces } from '../lib/message-tree';
import { estimateRowHeight, measuredHeight, rememberHeight } from '../lib/row-height';
import { messageRows } from '../lib/timeline';
import { selectLive, useChatStore } from '../stores/chat-store';
import { LiveMessageCard } from './live-message-card';
import { useMarkdownPreload } from './markdown-view-lazy';
import type { MessageActions } from './message-card';

/** docs/product.md#ai-chat: overscan 10, row heights estimated from their text. */
const overscan = 10;
/**
 * Rows mounted beyond those in view grow by this many a frame (on each side), up to the overscan:
 * a markdown-heavy row costs a few ms to lay out, and the virtualiser reads the scroll height
 * after each mount, which lays out every new row inside that frame's task.
 */
const overscanStep = 1;
/** The rows' width until one is laid out: a row's text wraps by it. */
let rowWidth = 720;
/** Closer than this to the bottom counts as "at the bottom" for auto-scroll. */
const stickThreshold = 48;
/** How long a message opened from search stays highlighted. */
const focusHighlightMs = 2_000;

/**
 * The open chat's messages, virtualised: only the rows in view (and 10 around them) are in the
 * DOM, so 2,000 messages open as fast as 20. The list follows the reply to the bottom while it
 * streams, unless the user has scrolled up.
 */
export function MessageList({
  label,
  messages,
  busy,
  empty,
  ...actions
}: {
  label: string;
  messages: readonly AiChatMessage[];
  busy: boolean;
  /** Shown, centred, while the chat has no message. */
  empty?: ReactNode;
} & MessageActions) {
  // Only which message streams: its text is followed by its own card (live-message-card.tsx),
  // so a frame of new text does not render the list, nor let the virtualiser read the list's
  // layout halfway through the frame.
  const liveId = useChatStore((s) => selectLive(s)?.messageId ?? null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const stick = useRef(true);
  const lastOffset = useRef<number | null>(null);
  const rows = useMemo(() => messageRows(messages), [messages]);
  useMarkdownPreload();
  const lastId = messages.at(-1)?.id;
  const records = useChatStore((s) => s.records);
  const versions = useMemo(() => versionPlaces(records), [records]);

  // The first frame shows only the rows in view; the overscan rows follow a few a frame, so a
  // long chat paints as soon as what the user sees is ready and no frame mounts many rows.
  const [extra, setExtra] = useState(0);
  useEffect(() => {
    if (extra >= overscan) return;
    const frame = requestAnimationFrame(() => setExtra((n) => n + overscanStep));
    return () => cancelAnimationFrame(frame);
  }, [extra]);
  const rangeExtractor = useCallback(
    (range: Range) => defaultRangeExtractor({ ...range, overscan: Math.min(extra, overscan) }),
    [extra],
  );

  const estimateSize = useCallback(
    (index: number) => {
      const row = rows[index];
      return row ? (measuredHeight(row.key) ?? estimateRowHeight(row, rowWidth)) : 0;
    },
    [rows],
  );
  // Sizes come from the resize observer, after the browser laid the rows out in its own frame:
  // reading them as the rows mount would force that layout, row after row, inside the task.
  const measureElement = useCallback(
    (
      element: Element,
      entry: ResizeObserverEntry | undefined,
      list: Virtualizer<HTMLDivElement, Element>,
    ) => {
      const index = list.indexFromElement(element);
      const row = rows[index];
      const box = entry?.borderBoxSize?.[0];
      if (!row) return 0;
      if (box) {
        rowWidth = box.inlineSize || rowWidth;
        const height = Math.round(box.blockSize);
        rememberHeight(row.key, height);
        return height;
      }
      return list.itemSizeCache.get(row.key) ?? estimateSize(index);
    },
    [rows, estimateSize],
  );

  const editing = useChatStore((s) => s.editingId !== null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize,
    measureElement,
    // A chat opens at its end: rendering its first rows only to scroll past them would double
    // the work of the first paint.
    initialOffset: () => rows.reduce((sum, _, i) => sum + estimateSize(i), 0),
    overscan,
    getItemKey: (index) => rows[index]?.key ?? index,
    rangeExtractor,
    // Older messages read after the first screen go in above it: the rows in view stay put.
    // While a reply streams, its growing row is followed by `toBottom` instead: anchored to
    // the end, each frame's growth would be a scroll correction that reads the list's height
    // (a forced layout) in the middle of the frame.
    anchorTo: editing || liveId ? 'start' : 'end',
    // Sizes that came in are applied in the next frame, not in the frame that laid them out.
    useAnimationFrameWithResizeObserver: true,
    // Whether the view is at the bottom, from the virtualiser's own sums: reading the list's
    // scroll height in a scroll event would lay out, inside the event, the rows it just moved.
    onChange: (list) => {
      const offset = list.scrollOffset;
      if (offset === null || offset === lastOffset.current) return;
      lastOffset.current = offset;
      stick.current =
        list.getTotalSize() - (list.scrollRect?.height ?? 0) - offset < stickThreshold;
    },
  });

  const toBottom = useCallback(() => {
    const el = scrollRef.current;
    if (el && stick.current) el.scrollTop = el.scrollHeight;
  }, []);

  // A streaming reply grows its row every frame, and the list follows it from a resize
  // observer: those run once the browser has laid the frame out, so the scroll height is read
  // for free. Read after each render of the row, it forced that layout inside the render's
  // task, every frame (a fifth of the main thread at 3,000 tokens a second).
  const contentRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const content = contentRef.current;
    if (!liveId || !content) return;
    const observer = new ResizeObserver(toBottom);
    observer.observe(content);
    return () => observer.disconnect();
  }, [liveId, toBottom]);

  // A new message (sent, or another chat opened) brings the view to the bottom.
  useLayoutEffect(() => {
    stick.current = true;
    if (rows.length) virtualizer.scrollToIndex(rows.length - 1, { align: 'end' });
  }, [rows.length, lastId, virtualizer]);

  // A message opened from search: once it is among the rows (an older one comes with the rest
  // of the chat), it is scrolled to the middle and highlighted for a moment. After the effect
  // above, so it wins over the scroll to the bottom.
  const focusId = useChatStore((s) => s.focusMessageId);
  const [highlighted, setHighlighted] = useState<string | null>(null);
  useLayoutEffect(() => {
    if (!focusId) return;
    const index = rows.findIndex((row) => row.type !== 'timeLine' && row.message.id === focusId);
    if (index < 0) return;
    stick.current = false;
    virtualizer.scrollToIndex(index, { align: 'center' });
    setHighlighted(focusId);
    useChatStore.setState({ focusMessageId: null });
  }, [focusId, rows, virtualizer]);
  useEffect(() => {
    if (!highlighted) return;
    const timer = setTimeout(() => setHighlighted(null), focusHighlightMs);
    return () => clearTimeout(timer);
  }, [highlighted]);

  // ↑ in the empty composer asks to edit the last prompt: its card opens the editor once it is
  // rendered, which it is not while the user is scrolled far from it. Once open, the editor is
  // brought into view; the list keeps rows' tops in place meanwhile (`anchorTo` above), so the
  // taller editor grows downwards instead of pushing the prompt out at the top.
  const editId = useChatStore((s) => s.editRequest ?? s.editingId);
  useLayoutEffect(() => {
    if (!editId) return;
    const index = rows.findIndex((row) => row.type !== 'timeLine' && row.message.id === editId);
    if (index >= 0) virtualizer.scrollToIndex(index, { align: 'start' });
  }, [editId, rows, virtualizer]);

  const items = virtualizer.getVirtualItems();
  return (
    <div
      ref={scrollRef}
      role="log"
      aria-label={label}
      aria-busy={busy}
      className={cn('min-h-0 flex-1 overflow-y-auto px-2', !rows.length && 'flex flex-col')}
      data-testid="message-list"
    >
      {rows.length ? null : empty}
      <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
        <div
          ref={contentRef}
          className="absolute top-0 left-0 w-full"
          style={{ transform: `translateY(${items[0]?.start ?? 0}px)` }}
        >
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            return (
              <div
                key={item.key}
                data-index={item.index}
                ref={virtualizer.measureElement}
                data-message-id={row.type === 'timeLine' ? undefined : row.message.id}
                data-focused={
                  row.type !== 'timeLine' && row.message.id === highlighted ? 'true' : undefined
                }
                className="rounded-lg transition-colors duration-700 data-[focused=true]:bg-warning/15"
              >
                {row.type === 'timeLine' ? (
                  <TimeSeparator timestamp={row.timestamp} />
                ) : (
                  // A streaming reply grows its row: followed unless the user scrolled away.
                  <LiveMessageCard
                    message={row.message}
                    isLast={row.message.id === lastId}
                    busy={busy}
                    version={versions.get(row.message.id)}
                    {...actions}
                  />
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
