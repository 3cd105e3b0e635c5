import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import type { MessageExtras } from '../hooks/use-message-extras';
import { ForwardDialog } from './forward-dialog';
import { ReactionPickerDialog } from './reaction-picker-dialog';

/** The dialogs a message's actions open: the emoji picker, forward, delete for me. */
export function MessageExtrasDialogs({
  extras,
  chatId,
}: {
  extras: MessageExtras;
  chatId: string;
}) {
  const { t } = useTranslation('socialChat');
  return (
    <>
      {extras.picker.open ? (
        <ReactionPickerDialog
          open
          onOpenChange={(open) => (open ? undefined : extras.picker.close())}
          onPick={extras.picker.pick}
        />
      ) : null}
      <ForwardDialog
        open={extras.forward.open}
        fromChatId={chatId}
        busy={extras.forward.busy}
        onOpenChange={(open) => (open ? undefined : extras.forward.close())}
        onPick={extras.forward.to}
      />
      <ConfirmDialog
        open={extras.hide.open}
        onOpenChange={(open) => (open ? undefined : extras.hide.close())}
        title={t('hide.title')}
        description={t('hide.description')}
        confirmLabel={t('hide.confirm')}
        cancelLabel={t('hide.cancel')}
        destructive
        onConfirm={extras.hide.confirm}
      />
    </>
  );
}
