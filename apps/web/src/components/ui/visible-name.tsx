import { visibleParts } from '@/lib/visible-text';

/**
 * A name someone else chose, shown as what it is: invisible format characters (bidirectional
 * overrides, zero-width characters) appear as marked `<U+202E>` labels, and the name is
 * isolated (`<bdi>`), so a right-to-left name cannot reorder the text around it either.
 */
export function VisibleName({ name, className }: { name: string; className?: string }) {
  return (
    <bdi className={className}>
      {visibleParts(name).map((part, i) =>
        part.invisible ? (
          <span
            key={i}
            dir="ltr"
            className="mx-px rounded-sm bg-warning/25 px-0.5 font-mono text-[0.8em] text-fg"
          >
            {part.text}
          </span>
        ) : (
          part.text
        ),
      )}
    </bdi>
  );
}
