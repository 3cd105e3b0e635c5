import { Search, X } from 'lucide-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { PresenceLabel } from '@/components/presence-label';
import { Avatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { VisibleName } from '@/components/ui/visible-name';
import type { PresenceView } from '@/lib/presence/use-presence';
import { visibleText } from '@/lib/visible-text';

/** The other person's name and online status, and their typing, above the chat. */
export function RoomHeader({
  name,
  avatar,
  presence,
  typist,
  searching,
  onToggleSearch,
  searchButtonRef,
}: {
  name: string;
  avatar: string | null;
  presence: PresenceView;
  typist: string | null;
  searching: boolean;
  onToggleSearch: () => void;
  /** The search button, which takes the focus back when search closes. */
  searchButtonRef?: RefObject<HTMLButtonElement | null>;
}) {
  const { t } = useTranslation('socialChat');
  return (
    <header className="flex items-center gap-2 border-b border-border px-3 py-2">
      <Avatar name={name} src={avatar} size={32} />
      {/* One row at any width (docs/product.md#chat-room): the name gives way first. */}
      <div className="flex min-w-0 flex-1 items-center gap-2">
        <h1 className="min-w-0 truncate text-base font-semibold sm:text-lg">
          <VisibleName name={name} />
        </h1>
        <PresenceLabel
          presence={presence}
          className="max-w-[50%] min-w-0 shrink-0 text-xs text-fg-muted"
        />
        <span aria-live="polite" className="min-w-0 truncate text-xs text-fg-muted italic">
          {typist ? t('typing', { name: visibleText(typist) }) : null}
        </span>
      </div>
      <Button
        ref={searchButtonRef}
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
