import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Input } from '@/components/ui/input';
import { Tabs, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { cn } from '@/lib/cn';
import type { ChatView } from '../lib/order-chats';

/** The search field and the switch between the chats and the archived ones. */
export function ConversationToolbar({
  query,
  onQueryChange,
  view,
  onViewChange,
  archivedCount,
  stacked = false,
}: {
  query: string;
  onQueryChange: (query: string) => void;
  view: ChatView;
  onViewChange: (view: ChatView) => void;
  archivedCount: number;
  /** One above the other at any width (the narrow list beside the room). */
  stacked?: boolean;
}) {
  const { t } = useTranslation('conversations');
  return (
    <div className={cn('mb-3 flex flex-col gap-3', !stacked && 'sm:flex-row sm:items-center')}>
      <label className="relative flex-1">
        <span className="sr-only">{t('search.label')}</span>
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-fg-muted"
        />
        <Input
          type="search"
          value={query}
          onChange={(event) => onQueryChange(event.target.value)}
          placeholder={t('search.placeholder')}
          className="pl-9"
        />
      </label>
      <Tabs value={view} onValueChange={(value) => onViewChange(value as ChatView)}>
        <TabsList aria-label={t('views.label')}>
          <TabsTrigger value="active">{t('views.active')}</TabsTrigger>
          <TabsTrigger value="archived">
            {t('views.archived')}
            {archivedCount > 0 ? ` (${archivedCount})` : ''}
          </TabsTrigger>
        </TabsList>
      </Tabs>
    </div>
  );
}
