import type { StoredSettings } from '@confab/protocol/ai-settings';
import type { ProviderName } from '@confab/protocol/providers';
import { Check, ChevronsUpDown } from 'lucide-react';
import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { cn } from '@/lib/cn';
import { useFetchedModelLists } from '../hooks/use-fetched-model-lists';
import { pickerGroups, unreadyProviders } from '../lib/picker-models';

/**
 * The chat header's model picker (docs/product.md#model-picker): a button showing the chat's
 * provider and model that opens a searchable list of the models of every ready provider,
 * grouped by provider. The search field is a combobox driving the listbox (arrows, Home, End,
 * Enter; Esc closes); providers not ready are offered as links to their settings.
 */
export function ModelPicker({
  settings,
  provider,
  model,
  onChoose,
  onSetUp,
}: {
  settings: StoredSettings;
  /** The chat's provider and the model it sends. */
  provider: ProviderName;
  model: string;
  onChoose: (provider: ProviderName, model: string) => void;
  onSetUp: (provider: ProviderName) => void;
}) {
  const { t } = useTranslation('mindBox');
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  // The highlighted option by provider and model, so that a list arriving later keeps it.
  const [highlight, setHighlight] = useState<string | null>(null);
  const fetched = useFetchedModelLists();
  const baseId = useId();
  const listId = `${baseId}-list`;
  const groups = useMemo(
    () => pickerGroups(settings, fetched.lists, query),
    [settings, fetched.lists, query],
  );
  const options = groups.flatMap((g) =>
    g.models.map((m) => ({ provider: g.provider, model: m, key: `${g.provider}\n${m}` })),
  );
  const optionId = (index: number) => `${baseId}-option-${index}`;
  const current = options.findIndex((o) => o.provider === provider && o.model === model);
  const highlighted = options.findIndex((o) => o.key === highlight);
  // Nothing moved to yet: the chat's model while the list is whole, else the first match.
  const fallback = !query.trim() && current >= 0 ? current : 0;
  const active = !options.length ? -1 : highlighted >= 0 ? highlighted : fallback;
  const label = t('toolbar.provider', { provider, model: model || t('toolbar.noModel') });

  const show = (next: boolean) => {
    setOpen(next);
    if (!next) return;
    setQuery('');
    setHighlight(null);
    fetched.load(settings);
  };
  const choose = (index: number) => {
    const option = options[index];
    if (!option) return;
    setOpen(false);
    onChoose(option.provider, option.model);
  };
  const moveTo = (index: number) => {
    if (!options.length) return;
    const next = (index + options.length) % options.length;
    setHighlight(options[next]!.key);
    document.getElementById(optionId(next))?.scrollIntoView?.({ block: 'nearest' });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const keys: Record<string, () => void> = {
      ArrowDown: () => moveTo(active + 1),
      ArrowUp: () => moveTo(active - 1),
      Home: () => moveTo(0),
      End: () => moveTo(options.length - 1),
      Enter: () => choose(active),
    };
    const action = keys[event.key];
    if (!action || event.nativeEvent.isComposing) return;
    event.preventDefault();
    action();
  };
  const unready = unreadyProviders(settings);
  let index = -1;

  return (
    <Popover open={open} onOpenChange={show}>
      <PopoverTrigger asChild>
        {/* Wraps instead of cutting: the whole provider and model read at every width. */}
        <button
          type="button"
          aria-label={t('picker.button', { provider, model: model || t('toolbar.noModel') })}
          className={cn(
            'inline-flex max-w-full min-w-0 items-center gap-1 rounded-md px-1 py-0.5 text-left text-sm',
            'text-fg-muted hover:bg-surface-muted hover:text-fg',
            'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-secondary',
          )}
        >
          <span data-testid="model-badge" className="min-w-0 break-words">
            {label}
          </span>
          <ChevronsUpDown aria-hidden className="size-4 shrink-0" />
        </button>
      </PopoverTrigger>
      <PopoverContent
        className="flex w-[min(22rem,calc(100vw-1rem))] flex-col gap-2"
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          document.getElementById(`${baseId}-search`)?.focus();
        }}
      >
        <input
          id={`${baseId}-search`}
          role="combobox"
          type="text"
          autoComplete="off"
          spellCheck={false}
          aria-label={t('picker.search')}
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active >= 0 ? optionId(active) : undefined}
          placeholder={t('picker.search')}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setHighlight(null);
          }}
          onKeyDown={onKeyDown}
          className="h-9 rounded-md border border-border bg-surface px-2 text-sm"
        />
        <div
          id={listId}
          role="listbox"
          aria-label={t('picker.list')}
          className="max-h-[min(20rem,50vh)] overflow-y-auto"
        >
          {groups.map((group) => (
            <div key={group.provider} role="group" aria-label={group.provider}>
              <div aria-hidden className="px-2 pt-2 pb-1 text-xs font-semibold text-fg-muted">
                {group.provider}
                {group.provider === settings.api.activeProvider ? (
                  <span className="ml-1 font-normal">· {t('picker.default')}</span>
                ) : null}
              </div>
              {group.models.map((name) => {
                index += 1;
                const at = index;
                return (
                  <div
                    key={name}
                    id={optionId(at)}
                    role="option"
                    aria-selected={at === current}
                    onMouseDown={(event) => event.preventDefault()}
                    onMouseMove={() => setHighlight(options[at]!.key)}
                    onClick={() => choose(at)}
                    className={cn(
                      'flex cursor-default items-center gap-2 rounded-sm px-2 py-1.5 break-all',
                      at === active && 'bg-surface-muted',
                      at === current && 'font-semibold',
                    )}
                  >
                    <span className="min-w-0 flex-1">{name}</span>
                    {at === current ? <Check aria-hidden className="size-4 shrink-0" /> : null}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
        {fetched.loading ? (
          <p role="status" className="px-2 text-xs text-fg-muted">
            {t('picker.loading')}
          </p>
        ) : null}
        {!options.length && !fetched.loading ? (
          <p className="px-2 text-sm text-fg-muted">{t('picker.noMatch', { query })}</p>
        ) : null}
        {unready.length ? (
          <div className="flex flex-col items-start gap-1 border-t border-border pt-2">
            <p className="px-2 text-xs text-fg-muted">{t('picker.notReady')}</p>
            {unready.map((name) => (
              <Button
                key={name}
                variant="ghost"
                size="sm"
                onClick={() => {
                  setOpen(false);
                  onSetUp(name);
                }}
              >
                {t('picker.setUp', { provider: name })}
              </Button>
            ))}
          </div>
        ) : null}
      </PopoverContent>
    </Popover>
  );
}
