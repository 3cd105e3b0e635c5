import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { WritableChatList } from './writable-chat-list';

/** Where to forward a message: the viewer's other chats that can be written into. */
export function ForwardDialog({
  open,
  fromChatId,
  busy,
  onOpenChange,
  onPick,
}: {
  open: boolean;
  fromChatId: string;
  busy: boolean;
  onOpenChange: (open: boolean) => void;
  onPick: (chatId: string, name: string) => void;
}) {
  const { t } = useTranslation('socialChat');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="w-[min(92vw,26rem)]">
        <DialogTitle>{t('forward.title')}</DialogTitle>
        <DialogDescription>{t('forward.description')}</DialogDescription>
        <WritableChatList
          label={t('forward.title')}
          exceptChatId={fromChatId}
          disabled={busy}
          empty={t('forward.none')}
          onPick={onPick}
        />
        <Button variant="outline" className="self-end" onClick={() => onOpenChange(false)}>
          {t('forward.cancel')}
        </Button>
      </DialogContent>
    </Dialog>
  );
}
