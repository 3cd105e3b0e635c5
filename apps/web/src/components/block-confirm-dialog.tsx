import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';

export type BlockChange = 'block' | 'unblock';

/**
 * Asks before blocking or unblocking someone. The contacts panel and the chats (row menu, room
 * banner) block the same person with the same words, so the texts live once, in `common`.
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
  return (
    <ConfirmDialog
      open
      onOpenChange={onOpenChange}
      title={t(`blockDialog.${change}.title`, { name })}
      description={t(`blockDialog.${change}.text`, { name })}
      confirmLabel={t(`blockDialog.${change}.confirm`)}
      cancelLabel={t('blockDialog.cancel')}
      destructive={change === 'block'}
      onConfirm={onConfirm}
    />
  );
}
