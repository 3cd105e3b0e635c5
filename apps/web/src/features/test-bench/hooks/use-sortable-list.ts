import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { moveItem } from '../lib/move-item';

export type SortAnnouncement = {
  kind: 'grabbed' | 'moved' | 'dropped' | 'cancelled';
  id: string;
  position: number;
} | null;

/**
 * A list reordered by dragging a handle (pointer events, so mouse, pen and touch) or by the
 * keyboard: Space or Enter on a handle picks the item up, the arrow keys move it, Space or
 * Enter drops it and Escape puts it back. Announcements describe each step for screen readers.
 */
export function useSortableList<T extends { id: string }>(initial: readonly T[]) {
  const [items, setItems] = useState<T[]>(() => [...initial]);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState<SortAnnouncement>(null);
  const rows = useRef(new Map<string, HTMLElement>());
  const handles = useRef(new Map<string, HTMLElement>());
  const latest = useRef(items);
  const before = useRef<{ items: T[]; position: number } | null>(null);
  const refocus = useRef<string | null>(null);
  const stopDrag = useRef<(() => void) | null>(null);

  useLayoutEffect(() => {
    latest.current = items;
    // Moving a focused node in the DOM can drop focus; give it back to the moved handle.
    if (refocus.current) handles.current.get(refocus.current)?.focus();
    refocus.current = null;
  }, [items]);

  useEffect(() => () => stopDrag.current?.(), []);

  const positionOf = (id: string) => latest.current.findIndex((item) => item.id === id) + 1;

  const moveTo = (id: string, to: number) => {
    setItems((current) => {
      const from = current.findIndex((item) => item.id === id);
      const target = Math.max(0, Math.min(current.length - 1, to));
      return from === -1 || from === target ? current : moveItem(current, from, target);
    });
  };

  const pickUp = (id: string) => {
    before.current = { items: latest.current, position: positionOf(id) };
    setActiveId(id);
    setAnnouncement({ kind: 'grabbed', id, position: positionOf(id) });
  };

  const drop = (id: string) => {
    before.current = null;
    setActiveId(null);
    setAnnouncement({ kind: 'dropped', id, position: positionOf(id) });
  };

  const cancel = (id: string) => {
    const saved = before.current;
    before.current = null;
    setActiveId(null);
    if (!saved) return;
    refocus.current = id;
    setItems(saved.items);
    setAnnouncement({ kind: 'cancelled', id, position: saved.position });
  };

  /**
   * Follows the pointer on the window, not on the handle: the handle's row moves in the DOM as
   * the item moves, and a node taken out of the DOM loses its pointer capture.
   */
  const startDrag = (id: string) => {
    const onMove = (event: PointerEvent) => {
      // The item belongs after every other row whose vertical middle is above the pointer.
      const to = latest.current.filter((item) => {
        if (item.id === id) return false;
        const rect = rows.current.get(item.id)?.getBoundingClientRect();
        return rect ? rect.top + rect.height / 2 < event.clientY : false;
      }).length;
      moveTo(id, to);
    };
    const finish = (outcome: 'drop' | 'cancel') => () => {
      stop();
      if (outcome === 'drop') drop(id);
      else cancel(id);
    };
    const onUp = finish('drop');
    const onCancel = finish('cancel');
    const stop = () => {
      window.removeEventListener('pointermove', onMove);
      window.removeEventListener('pointerup', onUp);
      window.removeEventListener('pointercancel', onCancel);
      stopDrag.current = null;
    };
    window.addEventListener('pointermove', onMove);
    window.addEventListener('pointerup', onUp);
    window.addEventListener('pointercancel', onCancel);
    stopDrag.current = stop;
    pickUp(id);
  };

  const handleProps = (id: string) => ({
    ref: (element: HTMLElement | null) => {
      if (element) handles.current.set(id, element);
      else handles.current.delete(id);
    },
    'aria-pressed': activeId === id,
    onKeyDown: (event: KeyboardEvent) => {
      const grabbed = activeId === id;
      if (event.key === ' ' || event.key === 'Enter') {
        event.preventDefault();
        if (grabbed) drop(id);
        else pickUp(id);
      } else if (grabbed && (event.key === 'ArrowUp' || event.key === 'ArrowDown')) {
        event.preventDefault();
        const to = positionOf(id) - 1 + (event.key === 'ArrowUp' ? -1 : 1);
        if (to < 0 || to >= latest.current.length) return;
        refocus.current = id;
        moveTo(id, to);
        setAnnouncement({ kind: 'moved', id, position: to + 1 });
      } else if (grabbed && event.key === 'Escape') {
        event.preventDefault();
        cancel(id);
      }
    },
    onPointerDown: (event: ReactPointerEvent<HTMLElement>) => {
      if (event.button !== 0 || stopDrag.current) return;
      event.preventDefault();
      startDrag(id);
    },
  });

  const rowRef = (id: string) => (element: HTMLElement | null) => {
    if (element) rows.current.set(id, element);
    else rows.current.delete(id);
  };

  return { items, activeId, announcement, handleProps, rowRef };
}
