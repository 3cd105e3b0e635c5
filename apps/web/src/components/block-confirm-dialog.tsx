import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { visibleText } from '@/lib/visible-text';

export type BlockChange = 'block' | 'unblock';

/**
 * Asks before blocking or unblocking someone. The contacts panel and the chats (row menu, room
 * banner) block the same person with the same words, so the texts live once, in `common`.
 * The name is someone else's choice: its invisible characters are shown (`visibleText`), so
 * it cannot pass for another person's.
 */
export function BlockConfirmDialog({
  change,
  name,
  onOpenChange,
  onConfirm,
}: {
  change: BlockChange;
  name: string;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const shown = visibleText(name);
  return (
    <ConfirmDialog
      open
      onOpenChange={onOpenChange}
      title={t(`blockDialog.${change}.title`, { name: shown })}
      description={t(`blockDialog.${change}.text`, { name: shown })}
      confirmLabel={t(`blockDialog.${change}.confirm`)}
      cancelLabel={t('blockDialog.cancel')}
      destructive={change === 'block'}
      onConfirm={onConfirm}
    />
  );
}
