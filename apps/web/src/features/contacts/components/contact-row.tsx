import type { ReactNode } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { VisibleName } from '@/components/ui/visible-name';
import { visibleText } from '@/lib/visible-text';

/**
 * One contact in a section: the other party's avatar, display name and username (which always
 * shows: it is how one tells people apart, docs/product.md#identity), an optional line under
 * them (presence), then what can be done about it.
 */
export function ContactRow({
  name,
  displayName = null,
  avatar = null,
  detail,
  children,
}: {
  /** The username (or the e-mail the request was sent to). */
  name: string;
  displayName?: string | null;
  avatar?: string | null;
  detail?: ReactNode;
  children: ReactNode;
}) {
  const label = displayName
    ? `${visibleText(displayName)} (${visibleText(name)})`
    : visibleText(name);
  return (
    <li
      aria-label={label}
      className="flex items-center justify-between gap-3 border-b border-border py-2 last:border-0"
    >
      <div className="flex min-w-0 items-center gap-3">
        <Avatar name={displayName ?? name} src={avatar} size={36} />
        <div className="flex min-w-0 flex-col">
          {displayName ? (
            <span className="flex min-w-0 items-baseline gap-2">
              <VisibleName name={displayName} className="min-w-0 truncate font-medium text-fg" />
              <VisibleName name={name} className="min-w-0 truncate text-xs text-fg-muted" />
            </span>
          ) : (
            <VisibleName name={name} className="min-w-0 truncate font-medium text-fg" />
          )}
          {detail ? <div className="text-xs text-fg-muted">{detail}</div> : null}
        </div>
      </div>
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
