import type { LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

/** A whole-card link to one part of Confab. */
export function EntryCard({
  to,
  icon: Icon,
  title,
  text,
}: {
  to: string;
  icon: LucideIcon;
  title: string;
  text: string;
}) {
  return (
    <Link
      to={to}
      className="group flex flex-col gap-3 rounded-xl border border-border bg-surface p-6 shadow-sm transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-secondary"
    >
      <Icon aria-hidden className="size-8 text-primary" />
      <span className="text-lg font-semibold text-fg">{title}</span>
      <span className="text-sm text-fg-muted">{text}</span>
    </Link>
  );
}
