import { Languages } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '@/lib/i18n/i18n';
import { isLanguage, languageNames, languages } from '@/lib/i18n/languages';

/** A native select: keyboard, screen reader and mobile pickers work without extra code. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <label className="relative inline-flex items-center">
      <Languages aria-hidden className="pointer-events-none absolute left-2 size-4 text-fg-muted" />
      <select
        aria-label={t('language.label')}
        value={i18n.resolvedLanguage}
        onChange={(event) => {
          const language = event.target.value;
          if (isLanguage(language)) void changeLanguage(language);
        }}
        className="h-9 appearance-none rounded-md border border-border bg-surface py-1 pr-3 pl-8 text-sm text-fg focus-visible:outline-2 focus-visible:outline-secondary"
      >
        {languages.map((language) => (
          <option key={language} value={language} lang={language}>
            {languageNames[language]}
          </option>
        ))}
      </select>
    </label>
  );
}
