import type { AiPreset } from '@confab/protocol/ai-presets';
import { ChevronDown, Settings2 } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';

const presetLabel = (preset: AiPreset) =>
  preset.icon ? `${preset.icon} ${preset.name}` : preset.name;

/**
 * Beside New chat: start a chat from a built-in or an own preset, or manage the presets
 * (docs/product.md#presets). A menu: arrow keys, Enter and Escape work as in any menu.
 */
export function PresetMenu({
  builtIns,
  own,
  onStart,
  onManage,
}: {
  builtIns: readonly AiPreset[];
  own: readonly AiPreset[];
  onStart: (preset: AiPreset) => void;
  onManage: () => void;
}) {
  const { t } = useTranslation('mindBox');
  // Starting a chat gives the focus to its composer, whenever the chat is ready: the menu must
  // not take it back to its button as it closes (it would, a moment after, on any choice).
  const started = useRef(false);
  const start = (preset: AiPreset) => {
    started.current = true;
    onStart(preset);
  };
  const keepFocus = (event: Event) => {
    if (started.current) event.preventDefault();
    started.current = false;
  };
  const item = (preset: AiPreset) => (
    <DropdownMenuItem key={preset.id} onSelect={() => start(preset)}>
      <span className="min-w-0 break-words">{presetLabel(preset)}</span>
    </DropdownMenuItem>
  );
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="icon" title={t('presets.menu')} className="shrink-0">
          <ChevronDown aria-hidden className="size-4" />
          <span className="sr-only">{t('presets.menu')}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent
        onCloseAutoFocus={keepFocus}
        className="max-h-[70vh] w-64 max-w-[calc(100vw-2rem)] overflow-y-auto"
      >
        <DropdownMenuLabel>{t('presets.builtInGroup')}</DropdownMenuLabel>
        {builtIns.map(item)}
        <DropdownMenuSeparator />
        <DropdownMenuLabel>{t('presets.ownGroup')}</DropdownMenuLabel>
        {own.length ? (
          own.map(item)
        ) : (
          <p className="px-2 pb-1.5 text-xs text-fg-muted">{t('presets.noneYet')}</p>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onManage}>
          <Settings2 aria-hidden className="size-4" />
          {t('presets.manage')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
