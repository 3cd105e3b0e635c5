import type { ReactNode } from 'react';
import { VisibleName } from '@/components/ui/visible-name';
import { visibleText } from '@/lib/visible-text';

/** One contact in a section: the other party's name, then what can be done about it. */
export function ContactRow({ name, children }: { name: string; children: ReactNode }) {
  return (
    <li
      aria-label={visibleText(name)}
      className="flex items-center justify-between gap-3 border-b border-border py-2 last:border-0"
    >
      <VisibleName name={name} className="min-w-0 truncate font-medium text-fg" />
      <div className="flex shrink-0 items-center gap-2">{children}</div>
    </li>
  );
}

/** A titled group of contacts, left out when it has none. */
export function ContactSection({
  title,
  count,
  children,
}: {
  title: string;
  count: number;
  children: ReactNode;
}) {
  if (count === 0) return null;
  return (
    <section aria-label={title} className="flex flex-col gap-1">
      <h2 className="text-sm font-semibold text-fg-muted">{title}</h2>
      <ul className="flex flex-col">{children}</ul>
    </section>
  );
}
