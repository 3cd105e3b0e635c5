import { limits } from '@confab/protocol/limits';
import type { ReplyQuote } from '@confab/protocol/reactions';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast-store';
import { appOutbox } from '../lib/app-outbox';
import { fileContentType, fileMessageText, sendProblem } from '../lib/send-rules';

/**
 * Sending goes through the outbox whatever the connection: the message shows as sending at
 * once, is kept across a reload, and leaves as soon as the socket is connected.
 */
export function useSendMessage(chatId: string | null, userId: string | null) {
  const { t } = useTranslation('socialChat');

  const sendText = useCallback(
    (text: string, replyTo: ReplyQuote | null = null) => {
      const problem = sendProblem({ text, chatId, userId });
      if (problem === 'missing' || !chatId || !userId) {
        toast({ title: t('send.missing'), variant: 'warning' });
        return;
      }
      if (problem === 'tooLong') {
        toast({ title: t('send.tooLong', { max: limits.chatInputMax }), variant: 'warning' });
        return;
      }
      const outbox = appOutbox();
      void outbox
        .add({ userId, chatId, content: text.trim(), contentType: 'text', replyTo })
        .then(() => outbox.flush(userId));
    },
    [chatId, userId, t],
  );

  /**
   * Each file goes as its own message, in order; the caption (the text typed with them) is the
   * text of the last one, else a file's text is its name (docs/product.md#chat-files). The files
   * were checked when they were added (`usePendingFiles`).
   */
  const sendFiles = useCallback(
    (files: readonly File[], caption: string) => {
      if (!chatId || !userId || !files.length) {
        toast({ title: t('send.missing'), variant: 'warning' });
        return;
      }
      const outbox = appOutbox();
      const text = caption.trim();
      void (async () => {
        for (const [index, file] of files.entries()) {
          const last = index === files.length - 1;
          await outbox.add({
            userId,
            chatId,
            content: last && text ? text.slice(0, limits.chatInputMax) : fileMessageText(file.name),
            contentType: fileContentType(file),
            file,
            fileName: file.name,
          });
        }
        await outbox.flush(userId);
      })();
    },
    [chatId, userId, t],
  );

  const retry = useCallback(
    (clientId: string) => {
      if (!userId) return;
      const outbox = appOutbox();
      void outbox.retry(clientId).then(() => outbox.flush(userId));
    },
    [userId],
  );

  return { sendText, sendFiles, retry };
}
