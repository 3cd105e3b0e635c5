import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { VisibleName } from '@/components/ui/visible-name';
import { useChats } from '../api/get-chats';
import { chatNickname } from '../lib/chat-row';

/**
 * Where to forward a message: the viewer's other chats that can be written into (a blocked or
 * removed chat is not offered; the server refuses it anyway).
 */
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
  const chats = useChats();
  const targets = (chats.data ?? []).filter((chat) => chat._id !== fromChatId && !chat.readOnly);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="w-[min(92vw,26rem)]">
        <DialogTitle>{t('forward.title')}</DialogTitle>
        <DialogDescription>{t('forward.description')}</DialogDescription>
        {targets.length === 0 ? (
          <p className="text-sm text-fg-muted">{t('forward.none')}</p>
        ) : (
          <ul
            aria-label={t('forward.title')}
            className="flex max-h-72 flex-col gap-1 overflow-y-auto"
          >
            {targets.map((chat) => {
              const name = chatNickname(chat) ?? t('unknownName');
              return (
                <li key={chat._id}>
                  <Button
                    variant="ghost"
                    className="w-full justify-start"
                    disabled={busy}
                    onClick={() => onPick(chat._id, name)}
                  >
                    <VisibleName name={name} />
                  </Button>
                </li>
              );
            })}
          </ul>
        )}
        <Button variant="outline" className="self-end" onClick={() => onOpenChange(false)}>
          {t('forward.cancel')}
        </Button>
      </DialogContent>
    </Dialog>
  );
}
