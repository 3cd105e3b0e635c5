import { Bot, MessagesSquare, Users, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useAttention } from '@/lib/attention/attention-store';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';

const links: { to: string; key: 'aiChat' | 'chats' | 'contacts'; icon: LucideIcon }[] = [
  { to: paths.mindBox, key: 'aiChat', icon: Bot },
  { to: paths.agents, key: 'chats', icon: MessagesSquare },
  { to: paths.contacts, key: 'contacts', icon: Users },
];

/** A count on a navigation item: unread messages, requests to answer. */
function NavBadge({ count, testId }: { count: number; testId: string }) {
  if (count <= 0) return null;
  return (
    <span
      aria-hidden
      data-testid={testId}
      className="min-w-4.5 rounded-full bg-error px-1 text-center text-[0.6875rem] leading-4.5 font-semibold text-white tabular-nums"
    >
      {count > 99 ? '99+' : count}
    </span>
  );
}

export function MainNav() {
  const { t } = useTranslation();
  const counts = {
    aiChat: 0,
    chats: useAttention((state) => state.unreadMessages),
    contacts: useAttention((state) => state.pendingRequests),
  };
  return (
    <nav aria-label={t('nav.label')}>
      <ul className="flex items-center gap-1">
        {links.map(({ to, key, icon: Icon }) => (
          <li key={key}>
            <NavLink
              to={to}
              // "Chats" (/agents) stays unmarked on the AI chat page below it.
              end={to === paths.agents}
              aria-label={
                key === 'chats' && counts.chats > 0
                  ? t('nav.chatsUnread', { count: counts.chats })
                  : key === 'contacts' && counts.contacts > 0
                    ? t('nav.contactsPending', { count: counts.contacts })
                    : t(`nav.${key}`)
              }
              className={({ isActive }) =>
                cn(
                  'inline-flex items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm text-fg-muted hover:bg-surface-muted hover:text-fg',
                  'focus-visible:outline-2 focus-visible:outline-secondary',
                  isActive && 'bg-surface-muted font-medium text-fg',
                )
              }
            >
              <Icon aria-hidden className="size-4" />
              <span className="hidden md:inline">{t(`nav.${key}`)}</span>
              <NavBadge count={counts[key]} testId={`nav-badge-${key}`} />
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
