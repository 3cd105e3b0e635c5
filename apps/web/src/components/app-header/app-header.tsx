import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { HeaderControls } from './header-controls';
import { MainNav } from './main-nav';

/** The header of every signed-in page: app name, navigation, language, colour mode, user. */
export function AppHeader() {
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-30 border-b border-border bg-surface/90 backdrop-blur">
      <div className="mx-auto flex min-h-14 max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-2">
        <Link
          to={paths.home}
          className="mr-2 text-lg font-bold text-fg focus-visible:outline-2 focus-visible:outline-secondary"
        >
          {t('appName')}
        </Link>
        <MainNav />
        {/* On a narrow screen the controls wrap below the navigation. */}
        <div className="ml-auto">
          <HeaderControls />
        </div>
      </div>
    </header>
  );
}
