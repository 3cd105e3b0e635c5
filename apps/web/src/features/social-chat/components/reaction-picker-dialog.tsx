import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';

// The picker and its emoji data load only when it is first opened, never with the room.
const EmojiPicker = lazy(() => import('./emoji-picker'));

/** The emoji picker in a dialog: focus stays inside, Escape closes it. */
export function ReactionPickerDialog({
  open,
  onOpenChange,
  onPick,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (emoji: string) => void;
}) {
  const { t } = useTranslation('socialChat');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="w-[min(92vw,24rem)] gap-3 p-4">
        <DialogTitle className="text-base">{t('picker.label')}</DialogTitle>
        <DialogDescription className="sr-only">{t('reactions.add')}</DialogDescription>
        <Suspense fallback={<Spinner label={t('picker.loading')} />}>
          <EmojiPicker onPick={onPick} />
        </Suspense>
      </DialogContent>
    </Dialog>
  );
}
