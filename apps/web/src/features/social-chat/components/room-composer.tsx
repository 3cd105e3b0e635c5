import { useTranslation } from 'react-i18next';
import { ChatInput } from '@/components/chat-input/chat-input';
import { AttachButton } from './attach-button';

/**
 * The foot of the room: the input and the attach button, or, in a chat nothing new can be
 * written into, one neutral line. It is the same whether the other side blocked the viewer or
 * the pair are no longer contacts, so it tells no more than the block dialog promises.
 */
export function RoomComposer({
  readOnly,
  name,
  onSend,
  onTextChange,
  onBlur,
  onPickFile,
}: {
  readOnly: boolean;
  /** The other person's name, for the input's hint ("Message ‹name›"). */
  name: string;
  onSend: (text: string) => void;
  onTextChange: (text: string) => void;
  onBlur: () => void;
  onPickFile: (file: File) => void;
}) {
  const { t } = useTranslation('socialChat');
  return (
    <div className="border-t border-border p-2">
      {readOnly ? (
        <p role="status" className="px-2 py-2 text-center text-sm text-fg-muted">
          {t('readOnly')}
        </p>
      ) : (
        <ChatInput
          onSend={onSend}
          onTextChange={onTextChange}
          onBlur={onBlur}
          placeholder={t('composer.placeholder', { name })}
          accessory={<AttachButton onPick={onPickFile} />}
        />
      )}
    </div>
  );
}
