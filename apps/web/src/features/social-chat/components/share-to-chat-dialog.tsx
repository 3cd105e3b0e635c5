import { aiInChatLimits, aiMessageText } from '@confab/protocol/ai-in-chat';
import { memo, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast-store';
import type { ShareToChatProps } from '@/lib/ai-bridge/share-to-chat-slot';
import { useSession } from '@/lib/auth/use-session';
import { useOutboxEntries } from '../hooks/use-outbox-entries';
import { aiPayloadBytes } from '../lib/ai-share-size';
import { appOutbox } from '../lib/app-outbox';
import { WritableChatList } from './writable-chat-list';

/**
 * Shares an AI answer into a friend chat (docs/product.md#ai-in-chat), offered to the AI chat
 * through the app's slot. The message goes through the outbox like any other (stored once per
 * clientId, sent when connected); a snapshot over the size limit is refused here before it is
 * sent, and a refusal by the server is shown with its reason. Memoised: the AI chat renders it
 * closed with every render of its page (each frame of a send), which it need not follow.
 */
export const ShareToChatDialog = memo(function ShareToChatDialog({
  payload,
  onClose,
}: ShareToChatProps) {
  const { t } = useTranslation('socialChat');
  const { user } = useSession();
  const entries = useOutboxEntries();
  const [sent, setSent] = useState<{ clientId: string; name: string } | null>(null);
  const entry = sent ? entries.find((e) => e.clientId === sent.clientId) : undefined;
  const refused = entry?.status === 'error' ? entry.error : null;
  const bytes = payload ? aiPayloadBytes(payload) : 0;
  const tooLarge = bytes > aiInChatLimits.payloadMaxBytes;

  const delivered = sent !== null && entry === undefined;
  useEffect(() => {
    // The entry left the outbox: the server stored the message.
    if (!delivered || !sent) return;
    toast({ title: t('aiShare.done', { name: sent.name }), variant: 'success' });
    setSent(null);
    onClose();
  }, [delivered, sent, onClose, t]);

  const close = () => {
    // A refused entry is dropped with the dialog: it was never shown in a chat of this page.
    if (sent && refused) void appOutbox().discard(sent.clientId);
    setSent(null);
    onClose();
  };

  return (
    <Dialog open={payload !== null} onOpenChange={(open) => (open ? undefined : close())}>
      <DialogContent className="w-[min(92vw,26rem)]">
        <DialogTitle>{t('aiShare.title')}</DialogTitle>
        <DialogDescription>
          {payload ? t('aiShare.description', { count: payload.turns.length }) : null}
        </DialogDescription>
        {tooLarge ? (
          <Alert variant="error" title={t('aiShare.tooLarge.title')}>
            <p>
              {t('aiShare.tooLarge.text', {
                size: Math.ceil(bytes / 1024),
                max: aiInChatLimits.payloadMaxBytes / 1024,
              })}
            </p>
          </Alert>
        ) : (
          <WritableChatList
            label={t('aiShare.title')}
            disabled={sent !== null && !refused}
            empty={t('aiShare.none')}
            onPick={(chatId, name) => {
              if (!payload || !user) return;
              const outbox = appOutbox();
              if (sent && refused) void outbox.discard(sent.clientId);
              void outbox
                .add({
                  userId: user.id,
                  chatId,
                  content: aiMessageText(payload),
                  contentType: 'ai_share',
                  ai: payload,
                })
                .then((added) => {
                  setSent({ clientId: added.clientId, name });
                  return outbox.flush(user.id);
                });
            }}
          />
        )}
        {refused ? (
          <p role="alert" className="text-sm text-error-text">
            {t('aiShare.refused', { reason: refused })}
          </p>
        ) : sent ? (
          <p className="text-sm text-fg-muted">{t('aiShare.sending', { name: sent.name })}</p>
        ) : null}
        <Button variant="outline" className="self-end" onClick={close}>
          {t('aiShare.close')}
        </Button>
      </DialogContent>
    </Dialog>
  );
});
