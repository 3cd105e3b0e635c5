import type { SocialMessage } from '@confab/protocol/social-chat';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { VisibleName } from '@/components/ui/visible-name';
import { useSearchMessages } from '../api/search-messages';

/**
 * Search within the chat (the server's case-insensitive substring search); choosing a result
 * shows that message in the list.
 */
export function SearchPanel({
  chatId,
  onPick,
  onClose,
}: {
  chatId: string;
  onPick: (message: SocialMessage) => void;
  /** Escape in the panel closes it. */
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('socialChat');
  const [q, setQ] = useState('');
  const query = useDeferredValue(q.trim());
  const search = useSearchMessages(chatId, query, query !== '');
  const results = search.data ?? [];

  return (
    <section
      aria-label={t('search.label')}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        onClose();
      }}
      className="flex flex-col gap-2 border-b border-border p-2"
    >
      <Input
        type="search"
        aria-label={t('search.label')}
        placeholder={t('search.placeholder')}
        value={q}
        autoFocus
        onChange={(e) => setQ(e.target.value)}
      />
      {search.isError ? <Alert variant="error" title={t('search.failed')} /> : null}
      {query && search.isFetching && !search.data ? <Spinner label={t('search.results')} /> : null}
      {query && search.isSuccess && results.length === 0 ? (
        <p className="px-1 text-sm text-fg-muted">{t('search.none')}</p>
      ) : null}
      {query && results.length ? (
        <ul aria-label={t('search.results')} className="flex max-h-60 flex-col overflow-y-auto">
          {results.map((message) => (
            <li key={message._id}>
              <button
                type="button"
                onClick={() => onPick(message)}
                className="flex w-full flex-col items-start gap-0.5 rounded-md px-2 py-1.5 text-left text-sm hover:bg-surface-muted"
              >
                <span className="text-xs text-fg-muted">
                  <VisibleName name={message.senderUsername} /> ·{' '}
                  {new Date(message.timestamp).toLocaleString(i18n.language, {
                    dateStyle: 'short',
                    timeStyle: 'short',
                  })}
                </span>
                <span className="line-clamp-2 break-words">{message.content}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
