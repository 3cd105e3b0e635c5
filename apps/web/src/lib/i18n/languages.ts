export const languages = ['en', 'zh-CN'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'en';

/** Each language's own name (endonym), shown the same whatever the interface language. */
export const languageNames: Record<Language, string> = {
  en: 'English',
  'zh-CN': '简体中文',
};

export function isLanguage(value: unknown): value is Language {
  return languages.includes(value as Language);
}

/**
 * A remembered choice wins; otherwise the first of the browser's languages that we can serve:
 * any Chinese variant gets zh-CN, any English one en. Nothing usable means English.
 */
export function detectLanguage(
  stored: string | null,
  browserLanguages: readonly string[] | undefined,
): Language {
  if (isLanguage(stored)) return stored;
  for (const tag of browserLanguages ?? []) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'zh') return 'zh-CN';
    if (primary === 'en') return 'en';
  }
  return defaultLanguage;
}
