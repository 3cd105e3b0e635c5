import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { VisibleName } from '@/components/ui/visible-name';
import { useChats } from '../api/get-chats';
import { chatNickname } from '../lib/chat-row';

/**
 * The viewer's chats that can be written into, to pick one (a forward, a shared AI answer): a
 * blocked or removed chat is not offered; the server refuses it anyway.
 */
export function WritableChatList({
  label,
  exceptChatId,
  disabled,
  empty,
  onPick,
}: {
  label: string;
  exceptChatId?: string;
  disabled: boolean;
  /** Said when no chat can be picked. */
  empty: string;
  onPick: (chatId: string, name: string) => void;
}) {
  const { t } = useTranslation('socialChat');
  const chats = useChats();
  const targets = (chats.data ?? []).filter((chat) => chat._id !== exceptChatId && !chat.readOnly);
  if (targets.length === 0) return <p className="text-sm text-fg-muted">{empty}</p>;
  return (
    <ul aria-label={label} className="flex max-h-72 flex-col gap-1 overflow-y-auto">
      {targets.map((chat) => {
        const name = chatNickname(chat) ?? t('unknownName');
        return (
          <li key={chat._id}>
            <Button
              variant="ghost"
              className="w-full justify-start"
              disabled={disabled}
              onClick={() => onPick(chat._id, name)}
            >
              <VisibleName name={name} />
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
