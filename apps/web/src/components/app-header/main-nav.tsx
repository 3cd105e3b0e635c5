import { Bot, MessagesSquare, Users, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/paths';

const links: { to: string; key: 'aiChat' | 'chats' | 'contacts'; icon: LucideIcon }[] = [
  { to: paths.mindBox, key: 'aiChat', icon: Bot },
  { to: paths.agents, key: 'chats', icon: MessagesSquare },
  { to: paths.contacts, key: 'contacts', icon: Users },
];

export function MainNav() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.label')}>
      <ul className="flex items-center gap-1">
        {links.map(({ to, key, icon: Icon }) => (
          <li key={key}>
            <NavLink
              to={to}
              // "Chats" (/agents) stays unmarked on the AI chat page below it.
              end={to === paths.agents}
              aria-label={t(`nav.${key}`)}
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
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
