import type { AiHistorySearchResult } from '@confab/protocol/ai-history-search';
import { LoaderCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { timelineLabel } from '@/lib/time/timeline-label';
import type { MessageSearchState } from '../hooks/use-message-search';
import { HighlightedSnippet } from './highlighted-snippet';

/**
 * The "Messages" part of the chat list's search (docs/product.md#ai-history-search): the
 * messages holding the query, newest first, each opening its chat at that message.
 */
export function MessageSearchResults({
  search,
  onOpen,
}: {
  search: MessageSearchState;
  onOpen: (result: AiHistorySearchResult) => void;
}) {
  const { t, i18n } = useTranslation('mindBox');
  if (search.status === 'idle') return null;
  return (
    <section aria-labelledby="message-search-heading" className="flex min-h-0 flex-col gap-1">
      <h2
        id="message-search-heading"
        className="flex items-center gap-1.5 px-2 pt-2 text-xs font-medium text-fg-muted uppercase"
      >
        {t('messageSearch.heading')}
        {search.status === 'searching' ? (
          <LoaderCircle aria-label={t('messageSearch.searching')} className="size-3 animate-spin" />
        ) : null}
      </h2>
      {search.status === 'done' && search.results.length === 0 ? (
        <p className="px-2 py-2 text-sm text-fg-muted">{t('messageSearch.none')}</p>
      ) : null}
      {search.status === 'done' && search.results.length > 0 ? (
        <ul className="flex min-h-0 flex-col gap-0.5 overflow-y-auto">
          {search.results.map((result) => (
            <li key={result.messageId}>
              <button
                type="button"
                onClick={() => onOpen(result)}
                className="flex w-full flex-col gap-0.5 rounded-md px-2 py-1.5 text-left text-sm hover:bg-surface-muted"
              >
                <span className="flex items-baseline gap-2">
                  <span className="min-w-0 flex-1 truncate font-medium">
                    {result.chatTitle || t('chats.untitled')}
                  </span>
                  {validDate(result.createdAt) ? (
                    <time
                      dateTime={new Date(result.createdAt).toISOString()}
                      className="shrink-0 text-xs text-fg-muted"
                    >
                      {timelineLabel(result.createdAt, i18n.language)}
                    </time>
                  ) : null}
                </span>
                <span className="line-clamp-2 text-xs break-words text-fg-muted">
                  <span className="sr-only">{t(`messageSearch.field.${result.field}`)}: </span>
                  <HighlightedSnippet snippet={result.snippet} highlights={result.highlights} />
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {search.status === 'done' && search.source === 'device' ? (
        <p className="px-2 text-xs text-fg-muted">
          {search.complete ? t('messageSearch.onDevice') : t('messageSearch.onDevicePartial')}
        </p>
      ) : null}
    </section>
  );
}

/** createdAt is any number a device stored: a date only when it is one. */
function validDate(timestamp: number): boolean {
  return Number.isFinite(new Date(timestamp).getTime());
}
