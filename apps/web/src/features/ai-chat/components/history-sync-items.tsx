import { Cloud, CloudOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { DropdownMenuItem } from '@/components/ui/dropdown-menu';
import { toast } from '@/components/ui/toast-store';
import { useHistorySyncStore } from '../stores/history-sync-store';

type Mode = 'synced' | 'device';

/** Changes the mode and says how it went. */
function useModeChange() {
  const { t } = useTranslation('mindBox');
  return (mode: Mode) =>
    import('../lib/history-sync/history-sync')
      .then(({ changeHistoryMode }) => changeHistoryMode(mode))
      .then(
        () =>
          toast({
            title: t(mode === 'device' ? 'historySync.turnedOff' : 'historySync.turnedOn'),
            variant: 'success',
          }),
        (error: unknown) =>
          toast({
            title: t('historySync.failed', {
              message: error instanceof Error ? error.message : String(error),
            }),
            variant: 'error',
          }),
      );
}

/**
 * The chat menu's sync part (docs/product.md#ai-history-sync): where the account's AI chats are
 * kept, and the switch to keep them on this device only (`onKeepOnDevice` asks first: it
 * deletes them from the server) or to sync them again.
 */
export function HistorySyncItems({ onKeepOnDevice }: { onKeepOnDevice: () => void }) {
  const { t } = useTranslation('mindBox');
  const mode = useHistorySyncStore((s) => s.mode);
  const pending = useHistorySyncStore((s) => s.pending);
  const change = useModeChange();
  const status =
    mode === 'device'
      ? t('historySync.deviceOnly')
      : pending
        ? t('historySync.pending')
        : t('historySync.synced');
  return (
    <>
      <div role="separator" className="my-1 h-px bg-border" />
      <p
        className="flex items-center gap-2 px-2 pt-1 pb-1 text-xs text-fg-muted"
        data-testid="history-sync-status"
      >
        {mode === 'device' ? (
          <CloudOff aria-hidden className="size-3.5" />
        ) : (
          <Cloud aria-hidden className="size-3.5" />
        )}
        {status}
      </p>
      {mode === 'device' ? (
        <DropdownMenuItem onSelect={() => void change('synced')}>
          <Cloud aria-hidden className="size-4" />
          {t('historySync.turnOn')}
        </DropdownMenuItem>
      ) : (
        <DropdownMenuItem disabled={mode === null} onSelect={onKeepOnDevice}>
          <CloudOff aria-hidden className="size-4" />
          {t('historySync.keepOnDevice')}
        </DropdownMenuItem>
      )}
    </>
  );
}

/** Asks before the account's AI chats are deleted from the server. */
export function DeviceOnlyConfirm({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('mindBox');
  const change = useModeChange();
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('historySync.confirmTitle')}
      description={t('historySync.confirmText')}
      confirmLabel={t('historySync.confirm')}
      cancelLabel={t('historySync.cancel')}
      destructive
      onConfirm={() => void change('device')}
    />
  );
}
