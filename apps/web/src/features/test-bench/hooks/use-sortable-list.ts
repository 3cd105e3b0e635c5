import { useLayoutEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
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
  const before = useRef<{ items: T[]; position: number } | null>(null);
  const keyboardMove = useRef<string | null>(null);

  // Moving a focused node in the DOM can drop focus; give it back to the moved handle.
  useLayoutEffect(() => {
    if (keyboardMove.current) handles.current.get(keyboardMove.current)?.focus();
    keyboardMove.current = null;
  }, [items]);

  const indexOf = (id: string) => items.findIndex((item) => item.id === id);

  const moveTo = (id: string, to: number) => {
    const from = indexOf(id);
    const target = Math.max(0, Math.min(items.length - 1, to));
    if (from === -1 || from === target) return;
    setItems(moveItem(items, from, target));
    setAnnouncement({ kind: 'moved', id, position: target + 1 });
  };

  const pickUp = (id: string) => {
    before.current = { items, position: indexOf(id) + 1 };
    setActiveId(id);
    setAnnouncement({ kind: 'grabbed', id, position: indexOf(id) + 1 });
  };

  const drop = (id: string) => {
    before.current = null;
    setActiveId(null);
    setAnnouncement({ kind: 'dropped', id, position: indexOf(id) + 1 });
  };

  const cancel = (id: string) => {
    const saved = before.current;
    before.current = null;
    setActiveId(null);
    if (!saved) return;
    keyboardMove.current = id;
    setItems(saved.items);
    setAnnouncement({ kind: 'cancelled', id, position: saved.position });
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
        keyboardMove.current = id;
        moveTo(id, indexOf(id) + (event.key === 'ArrowUp' ? -1 : 1));
      } else if (grabbed && event.key === 'Escape') {
        event.preventDefault();
        cancel(id);
      }
    },
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      if (event.button !== 0) return;
      event.preventDefault();
      event.currentTarget.setPointerCapture(event.pointerId);
      pickUp(id);
    },
    onPointerMove: (event: PointerEvent<HTMLElement>) => {
      if (activeId !== id) return;
      // The row whose vertical middle the pointer passed is where the item belongs.
      const target = items.findIndex((item) => {
        const rect = rows.current.get(item.id)?.getBoundingClientRect();
        return rect ? event.clientY < rect.top + rect.height / 2 : false;
      });
      const from = indexOf(id);
      // Inserting before row `target` lands one place earlier once the item left its old place.
      if (target === -1) moveTo(id, items.length - 1);
      else moveTo(id, target > from ? target - 1 : target);
    },
    onPointerUp: () => {
      if (activeId === id) drop(id);
    },
    onPointerCancel: () => {
      if (activeId === id) cancel(id);
    },
  });

  const rowRef = (id: string) => (element: HTMLElement | null) => {
    if (element) rows.current.set(id, element);
    else rows.current.delete(id);
  };

  return { items, activeId, announcement, handleProps, rowRef };
}
