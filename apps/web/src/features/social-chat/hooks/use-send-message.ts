import { limits } from '@confab/protocol/limits';
import type { ReplyQuote } from '@confab/protocol/reactions';
import { uploadLimits } from '@confab/protocol/social-chat';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast-store';
import { appOutbox } from '../lib/app-outbox';
import {
  fileContentType,
  fileMessageText,
  fileProblem,
  formatSize,
  sendProblem,
} from '../lib/send-rules';

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

  const sendFile = useCallback(
    (file: File) => {
      if (!chatId || !userId) {
        toast({ title: t('send.missing'), variant: 'warning' });
        return;
      }
      const problem = fileProblem(file);
      if (problem) {
        toast({
          title: t(`file.${problem}`, {
            name: file.name,
            type: file.type || t('file.unknownType'),
            max: formatSize(uploadLimits.maxBytes),
          }),
          variant: 'error',
        });
        return;
      }
      const outbox = appOutbox();
      void outbox
        .add({
          userId,
          chatId,
          content: fileMessageText(file.name),
          contentType: fileContentType(file),
          file,
        })
        .then(() => outbox.flush(userId));
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

  return { sendText, sendFile, retry };
}
