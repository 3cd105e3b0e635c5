import { useTranslation } from 'react-i18next';
import { paths } from '@/lib/paths';
import { AppLink } from '../app-link';
import { ColorModePicker } from './color-mode-picker';
import { LanguageSwitch } from './language-switch';

/** The header of the public pages: app name, language and colour mode. */
export function PublicHeader() {
  const { t } = useTranslation();
  return (
    <header className="border-b border-border">
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4">
        <AppLink
          href={paths.index}
          className="text-lg font-bold text-fg focus-visible:outline-2 focus-visible:outline-secondary"
        >
          {t('appName')}
        </AppLink>
        <div className="ml-auto flex items-center gap-2">
          <LanguageSwitch />
          <ColorModePicker compact />
        </div>
      </div>
    </header>
  );
}
