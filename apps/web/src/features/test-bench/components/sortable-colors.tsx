import { GripVertical } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useSortableList, type SortAnnouncement } from '../hooks/use-sortable-list';

/** The theme's colour tokens (styles.css), in their defined order. */
const themeColors = [
  { id: 'primary', swatch: 'bg-primary' },
  { id: 'secondary', swatch: 'bg-secondary' },
  { id: 'success', swatch: 'bg-success' },
  { id: 'info', swatch: 'bg-info' },
  { id: 'warning', swatch: 'bg-warning' },
  { id: 'error', swatch: 'bg-error' },
  { id: 'neutral', swatch: 'bg-neutral' },
] as const;

type ThemeColor = (typeof themeColors)[number];

export function SortableColors() {
  const { t } = useTranslation('testBench');
  const { items, activeId, announcement, handleProps, rowRef } =
    useSortableList<ThemeColor>(themeColors);
  const nameOf = (id: ThemeColor['id']) => t(`draggable.colors.${id}`);

  const describe = (value: SortAnnouncement): string => {
    if (!value) return '';
    const item = items.find((entry) => entry.id === value.id);
    if (!item) return '';
    return t(`draggable.${value.kind}`, {
      name: nameOf(item.id),
      position: value.position,
      count: items.length,
    });
  };

  return (
    <>
      <ol aria-label={t('draggable.listLabel')} className="flex w-full max-w-sm flex-col gap-2">
        {items.map((item) => (
          <li
            key={item.id}
            ref={rowRef(item.id)}
            className={cn(
              'flex items-center gap-3 rounded-lg border border-border bg-surface p-2 shadow-sm',
              activeId === item.id && 'border-secondary ring-2 ring-secondary/40',
            )}
          >
            <button
              type="button"
              aria-label={t('draggable.handle', { name: nameOf(item.id) })}
              className="cursor-grab touch-none rounded p-1 text-fg-muted hover:bg-surface-muted focus-visible:outline-2 focus-visible:outline-secondary active:cursor-grabbing"
              {...handleProps(item.id)}
            >
              <GripVertical aria-hidden className="size-5" />
            </button>
            <span aria-hidden className={cn('size-6 rounded-md', item.swatch)} />
            <span className="text-sm font-medium text-fg">{nameOf(item.id)}</span>
          </li>
        ))}
      </ol>
      <p aria-live="assertive" className="sr-only">
        {describe(announcement)}
      </p>
    </>
  );
}
