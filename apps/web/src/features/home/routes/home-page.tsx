import { Bot, MessagesSquare, Users } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HeaderControls } from '@/components/app-header/header-controls';
import { DocumentTitle } from '@/components/document-title';
import { useSession } from '@/lib/auth/use-session';
import { paths } from '@/lib/paths';
import { EntryCard } from '../components/entry-card';

const entries = [
  { key: 'aiChat', to: paths.mindBox, icon: Bot },
  { key: 'chats', to: paths.agents, icon: MessagesSquare },
  { key: 'contacts', to: paths.contacts, icon: Users },
] as const;

/** /confab: the signed-in home, outside the app layout (docs/product.md#routes). */
export function HomePage() {
  const { t } = useTranslation('home');
  const { t: tCommon } = useTranslation();
  const { user } = useSession();
  return (
    <div className="flex min-h-dvh flex-col">
      <DocumentTitle title={tCommon('nav.home')} />
      <header className="mx-auto flex w-full max-w-5xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-4">
        <Link to={paths.home} className="text-lg font-bold text-fg">
          {tCommon('appName')}
        </Link>
        <div className="ml-auto">
          <HeaderControls />
        </div>
      </header>
      <main className="mx-auto flex w-full max-w-5xl flex-1 flex-col gap-8 px-4 py-10">
        <div className="flex flex-col gap-2">
          <h1 className="text-3xl font-bold text-fg">
            {t('title', { username: user?.username ?? '' })}
          </h1>
          <p className="text-fg-muted">{t('subtitle')}</p>
        </div>
        <nav aria-label={tCommon('nav.label')} className="grid gap-4 sm:grid-cols-3">
          {entries.map(({ key, to, icon }) => (
            <EntryCard
              key={key}
              to={to}
              icon={icon}
              title={t(`cards.${key}.title`)}
              text={t(`cards.${key}.text`)}
            />
          ))}
        </nav>
      </main>
    </div>
  );
}
