import { Sparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { ChatInput } from '@/components/chat-input/chat-input';
import type { PendingFiles } from '../hooks/use-pending-files';
import { askAiCommand } from '../lib/ask-ai-context';
import { AttachButton } from './attach-button';
import { PendingFilesTray } from './pending-files-tray';

/**
 * The foot of the room: the files waiting to be sent, the input and the attach button, or, in
 * a chat nothing new can be written into, one neutral line. It is the same whether the other
 * side blocked the viewer or the pair are no longer contacts, so it tells no more than the
 * block dialog promises. With files waiting, the text typed is their caption. "Ask AI" and the
 * `/ai ‹question›` command open the ask panel (docs/product.md#ask-ai-in-chat).
 */
export function RoomComposer({
  readOnly,
  pending,
  name,
  onSend,
  onSendFiles,
  onTextChange,
  onBlur,
  above,
  onAskAi,
  prefill,
}: {
  readOnly: boolean;
  /** Text put into the input for the user to send or change (a draft the helper wrote). */
  prefill?: { text: string; at: number } | null;
  /** Shown over the input (what a reply answers). */
  above?: ReactNode;
  pending: PendingFiles;
  /** The other person's name, for the input's hint ("Message ‹name›"). */
  name: string;
  onSend: (text: string) => void;
  onSendFiles: (files: File[], caption: string) => void;
  onTextChange: (text: string) => void;
  onBlur: () => void;
  /** Opens the ask panel with a question (''): where the viewer's model is offered. */
  onAskAi?: (question: string) => void;
}) {
  const { t } = useTranslation('socialChat');
  return (
    <div className="border-t border-border p-2" data-room-composer>
      {readOnly ? (
        <p role="status" className="px-2 py-2 text-center text-sm text-fg-muted">
          {t('readOnly')}
        </p>
      ) : (
        <>
          {above}
          <PendingFilesTray pending={pending} />
          <ChatInput
            onSend={(text) => {
              const question = onAskAi ? askAiCommand(text) : null;
              if (question !== null) onAskAi?.(question);
              else if (pending.files.length) onSendFiles(pending.take(), text);
              else onSend(text);
            }}
            allowBlank={pending.files.length > 0}
            placeholder={t('composer.placeholder', { name })}
            prefill={prefill}
            onTextChange={onTextChange}
            onBlur={onBlur}
            accessory={
              <>
                {onAskAi ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={t('askAi.button')}
                    title={t('askAi.button')}
                    onClick={() => onAskAi('')}
                  >
                    <Sparkles aria-hidden className="size-4" />
                  </Button>
                ) : null}
                <AttachButton onPick={pending.add} />
              </>
            }
          />
        </>
      )}
    </div>
  );
}
