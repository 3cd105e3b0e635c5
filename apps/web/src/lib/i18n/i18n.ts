import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStorage, storageKeys, writeStorage } from '../storage';
import { catalogBackend } from './catalog-backend';
import { defaultLanguage, detectLanguage, isLanguage, languages, type Language } from './languages';
import type { Namespace } from './resources';

function syncDocumentLanguage(language: string): void {
  document.documentElement.lang = language;
}

i18next.on('languageChanged', syncDocumentLanguage);

/**
 * Resolves once the `common` catalog of the visitor's language is loaded; the app renders after
 * it. Pages load their own namespaces with their code (see app/router/routes.tsx).
 */
export const i18nReady: Promise<unknown> = i18next
  .use(catalogBackend)
  .use(initReactI18next)
  .init({
    lng: detectLanguage(readStorage(storageKeys.language), navigator.languages),
    supportedLngs: [...languages],
    // Only the chosen language is loaded; a type check and a test keep the catalogs complete.
    fallbackLng: false,
    load: 'currentOnly',
    ns: ['common'],
    defaultNS: 'common',
    // React escapes everything it renders.
    interpolation: { escapeValue: false },
  });

export const i18n = i18next;

export function currentLanguage(): Language {
  return isLanguage(i18next.resolvedLanguage) ? i18next.resolvedLanguage : defaultLanguage;
}

export function loadNamespaces(namespaces: readonly Namespace[]): Promise<void> {
  return i18next.loadNamespaces([...namespaces]);
}

/** Switches the interface language and remembers the choice for the next visit. */
export async function changeLanguage(language: Language): Promise<void> {
  writeStorage(storageKeys.language, language);
  await i18next.changeLanguage(language);
}
