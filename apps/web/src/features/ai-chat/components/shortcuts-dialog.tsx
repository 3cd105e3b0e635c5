import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { isMacPlatform, shortcutLabel } from '../lib/shortcut-keys';

const shortcuts = [
  { id: 'send', keys: { key: 'Enter' } },
  { id: 'newLine', keys: { shift: true, key: 'Enter' } },
  { id: 'stop', keys: { key: 'Esc' } },
  { id: 'search', keys: { mod: true, key: 'K' } },
  { id: 'newChat', keys: { mod: true, shift: true, key: 'O' } },
  { id: 'editLast', keys: { key: '↑' } },
  { id: 'list', keys: { mod: true, key: '/' }, also: { key: '?' } },
] as const;

/** The list of the AI chat's keyboard shortcuts, written for this platform (⌘ or Ctrl). */
export function ShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('mindBox');
  const mac = isMacPlatform();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {open ? (
        <DialogContent>
          <DialogTitle>{t('shortcuts.title')}</DialogTitle>
          <DialogDescription>{t('shortcuts.description')}</DialogDescription>
          <table className="w-full text-sm">
            <tbody>
              {shortcuts.map((s) => (
                <tr key={s.id} className="border-b border-border last:border-0">
                  <td className="py-2 pr-4">{t(`shortcuts.${s.id}`)}</td>
                  <td className="py-2 text-right whitespace-nowrap">
                    <kbd className="rounded border border-border bg-surface-muted px-1.5 py-0.5 font-mono text-xs">
                      {shortcutLabel(s.keys, mac)}
                    </kbd>
                    {'also' in s ? (
                      <>
                        {' '}
                        <kbd className="rounded border border-border bg-surface-muted px-1.5 py-0.5 font-mono text-xs">
                          {shortcutLabel(s.also, mac)}
                        </kbd>
                      </>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
