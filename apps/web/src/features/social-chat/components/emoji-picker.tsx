import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { emojiFont } from '../lib/emoji-font';

/** One emoji as the bundled data lists it (emojibase's compact form). */
interface CompactEmoji {
  unicode: string;
  label: string;
  group?: number;
  order?: number;
  tags?: string[];
}

// The data ships in the app's own chunks, one per language, fetched only when the picker
// opens: no CDN, so the picker works offline once the app is installed.
const loaders: Record<'en' | 'zh', () => Promise<{ default: CompactEmoji[] }>> = {
  en: () => import('emojibase-data/en/compact.json'),
  zh: () => import('emojibase-data/zh/compact.json'),
};

const groupKeys = [
  'smileys-emotion',
  'people-body',
  'component',
  'animals-nature',
  'food-drink',
  'travel-places',
  'activities',
  'objects',
  'symbols',
  'flags',
] as const;
type GroupKey = Exclude<(typeof groupKeys)[number], 'component'>;

/** Shown first, the reactions people use most. */
const frequent = ['👍', '❤️', '😂', '😮', '😢', '🙏', '🎉', '🔥'];
const columns = 8;

function useEmojiData(language: string): CompactEmoji[] | null {
  const [data, setData] = useState<CompactEmoji[] | null>(null);
  useEffect(() => {
    let live = true;
    void loaders[language.startsWith('zh') ? 'zh' : 'en']().then((module) => {
      if (live) setData(module.default);
    });
    return () => {
      live = false;
    };
  }, [language]);
  return data;
}

/**
 * An emoji picker: a search field over every emoji's name and keywords (in the interface's
 * language), the frequent ones, then every group. Arrow keys move between emoji, Enter or
 * Space picks; Enter in the field picks the first match.
 */
export default function EmojiPicker({ onPick }: { onPick: (emoji: string) => void }) {
  const { t, i18n } = useTranslation('socialChat');
  const data = useEmojiData(i18n.language);
  const [query, setQuery] = useState('');
  const grid = useRef<HTMLDivElement>(null);

  const sections = useMemo(() => {
    if (!data) return [];
    const wanted = query.trim().toLowerCase();
    const usable = data.filter((e) => e.group !== undefined && e.group !== 2);
    if (wanted) {
      // Best first: the name itself, a name that starts with it, a name holding it, a keyword.
      const rank = (e: CompactEmoji) => {
        const label = e.label.toLowerCase();
        if (label === wanted) return 0;
        if (label.startsWith(wanted)) return 1;
        if (label.includes(wanted)) return 2;
        return e.tags?.some((tag) => tag.includes(wanted)) ? 3 : -1;
      };
      const found = usable
        .map((e) => ({ e, rank: rank(e) }))
        .filter((match) => match.rank >= 0)
        .sort((a, b) => a.rank - b.rank || (a.e.order ?? 0) - (b.e.order ?? 0))
        .map((match) => match.e);
      return [{ key: 'results', title: null, emoji: found }];
    }
    const byGroup = groupKeys
      .filter((key): key is GroupKey => key !== 'component')
      .map((key) => ({
        key,
        title: t(`picker.groups.${key}`),
        emoji: usable
          .filter((e) => e.group === groupKeys.indexOf(key))
          .sort((a, b) => (a.order ?? 0) - (b.order ?? 0)),
      }));
    const labels = new Map(usable.map((e) => [e.unicode.replace(/\uFE0F/g, ''), e.label]));
    const frequentEmoji = frequent.map((unicode) => ({
      unicode,
      label: labels.get(unicode.replace(/\uFE0F/g, '')) ?? unicode,
    }));
    return [{ key: 'frequent', title: t('picker.recent'), emoji: frequentEmoji }, ...byGroup];
  }, [data, query, t]);

  const buttons = () => [
    ...(grid.current?.querySelectorAll<HTMLButtonElement>('[data-emoji]') ?? []),
  ];
  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const all = buttons();
    const index = all.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    const step: Record<string, number> = {
      ArrowRight: 1,
      ArrowLeft: -1,
      ArrowDown: columns,
      ArrowUp: -columns,
    };
    let next: number | undefined;
    if (event.key in step) next = index + step[event.key]!;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = all.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    all[Math.max(0, Math.min(all.length - 1, next))]?.focus();
  };

  const first = sections.find((section) => section.emoji.length > 0)?.emoji[0];
  return (
    <div className="flex min-h-0 flex-col gap-2">
      <input
        type="search"
        // The dialog opens on the search field, so typing finds an emoji at once.
        autoFocus
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && first) {
            event.preventDefault();
            onPick(first.unicode);
          } else if (event.key === 'ArrowDown') {
            event.preventDefault();
            buttons()[0]?.focus();
          }
        }}
        aria-label={t('picker.search')}
        placeholder={t('picker.search')}
        className="h-9 rounded-md border border-border bg-surface px-3 text-sm text-fg focus-visible:ring-2 focus-visible:ring-secondary focus-visible:outline-none"
      />
      {!data ? (
        <div className="flex h-64 items-center justify-center">
          <Spinner label={t('picker.loading')} />
        </div>
      ) : (
        <div
          ref={grid}
          onKeyDown={moveFocus}
          className="h-72 overflow-y-auto overscroll-contain pr-1"
          data-testid="emoji-grid"
        >
          {first ? null : (
            <p className="p-4 text-center text-sm text-fg-muted">{t('picker.none')}</p>
          )}
          {sections.map((section) =>
            section.emoji.length === 0 ? null : (
              <section key={section.key} aria-label={section.title ?? t('picker.search')}>
                {section.title ? (
                  <h3 className="sticky top-0 bg-surface py-1 text-xs font-semibold text-fg-muted">
                    {section.title}
                  </h3>
                ) : null}
                <div className="grid grid-cols-8 gap-0.5">
                  {section.emoji.map((emoji) => (
                    <button
                      key={`${section.key}-${emoji.unicode}`}
                      type="button"
                      data-emoji={emoji.unicode}
                      aria-label={emoji.label}
                      title={emoji.label}
                      onClick={() => onPick(emoji.unicode)}
                      className={cn(
                        'flex aspect-square items-center justify-center rounded-md text-2xl hover:bg-surface-muted focus-visible:ring-2 focus-visible:ring-secondary focus-visible:outline-none',
                        emojiFont,
                      )}
                    >
                      {emoji.unicode}
                    </button>
                  ))}
                </div>
              </section>
            ),
          )}
        </div>
      )}
    </div>
  );
}
