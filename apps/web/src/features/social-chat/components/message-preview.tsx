import type { SocialChat } from '@confab/protocol/social-chat';
import { Check, CheckCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { visibleText } from '@/lib/visible-text';
import { previewOf } from '../lib/chat-row';

/**
 * The last message on one line. The viewer's own last message carries a tick: one when sent,
 * two once the other participant has read it.
 */
export function MessagePreview({ chat, viewerId }: { chat: SocialChat; viewerId: string | null }) {
  const { t } = useTranslation('conversations');
  const preview = previewOf(chat.lastMessage);
  const own = chat.lastMessage !== null && chat.lastMessage.sender === viewerId;
  const text =
    preview.kind === 'text'
      ? preview.text
      : preview.kind === 'file'
        ? t('preview.file', { name: visibleText(preview.text) })
        : preview.kind === 'ai_share' || preview.kind === 'ai_answer'
          ? t(`preview.${preview.kind}`, { text: visibleText(preview.text) })
          : t(`preview.${preview.kind}`);
  const Tick = chat.lastMessage?.isRead ? CheckCheck : Check;
  return (
    <span className="flex min-w-0 items-center gap-1 text-sm text-fg-muted">
      {own && !chat.lastMessage?.deleted ? (
        <Tick
          role="img"
          aria-label={chat.lastMessage?.isRead ? t('read') : t('sent')}
          className="size-3.5 shrink-0"
        />
      ) : null}
      <span className={preview.kind === 'text' ? 'truncate' : 'truncate italic'}>{text}</span>
    </span>
  );
}
