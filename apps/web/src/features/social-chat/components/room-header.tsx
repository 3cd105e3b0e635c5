import { Search, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { VisibleName } from '@/components/ui/visible-name';
import { cn } from '@/lib/cn';
import { visibleText } from '@/lib/visible-text';

/** The other person's name and online status, and their typing, above the chat. */
export function RoomHeader({
  name,
  online,
  typist,
  searching,
  onToggleSearch,
}: {
  name: string;
  online: boolean;
  typist: string | null;
  searching: boolean;
  onToggleSearch: () => void;
}) {
  const { t } = useTranslation('socialChat');
  return (
    <header className="flex items-center gap-3 border-b border-border px-3 py-2">
      <div className="flex min-w-0 flex-1 flex-col">
        <h1 className="truncate text-lg font-semibold">
          <VisibleName name={name} />
        </h1>
        <div className="flex items-center gap-2 text-xs text-fg-muted">
          <span className="flex items-center gap-1" data-testid="presence">
            <span
              aria-hidden
              className={cn('size-2 rounded-full', online ? 'bg-success' : 'bg-fg-muted/50')}
            />
            {online ? t('online') : t('offline')}
          </span>
          <span aria-live="polite" className="truncate italic">
            {typist ? t('typing', { name: visibleText(typist) }) : null}
          </span>
        </div>
      </div>
      <Button
        variant="ghost"
        size="icon"
        aria-label={searching ? t('search.close') : t('search.open')}
        aria-pressed={searching}
        onClick={onToggleSearch}
      >
        {searching ? (
          <X aria-hidden className="size-4" />
        ) : (
          <Search aria-hidden className="size-4" />
        )}
      </Button>
    </header>
  );
}
