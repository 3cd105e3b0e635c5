import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';

/** What a list or panel shows when it has nothing yet, and what to do about it. */
export function EmptyState({
  icon: Icon,
  title,
  text,
  action,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-border px-6 py-12 text-center">
      <Icon aria-hidden className="size-10 text-neutral" />
      <p className="text-base font-semibold text-fg">{title}</p>
      <p className="max-w-sm text-sm text-fg-muted">{text}</p>
      {action}
    </div>
  );
}
