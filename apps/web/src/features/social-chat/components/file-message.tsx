import { X } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { VisibleName } from '@/components/ui/visible-name';
import { useOutboxEntries } from '../hooks/use-outbox-entries';
import { appOutbox } from '../lib/app-outbox';
import type { RoomMessage } from '../lib/message-order';
import { formatSize } from '../lib/send-rules';
import { uploads } from '../lib/upload-progress';
import { AttachmentView } from './attachment-view';

/** A message that carries a file: the file, and the caption sent with it. */
export function FileMessage({
  message,
  onMediaLoad,
}: {
  message: RoomMessage;
  onMediaLoad?: () => void;
}) {
  const caption = captionOf(message);
  return (
    <div className="flex min-w-0 flex-col gap-1">
      {message.attachment ? (
        <AttachmentView attachment={message.attachment} onMediaLoad={onMediaLoad} />
      ) : (
        <PendingUpload message={message} />
      )}
      {caption ? (
        <span data-testid="message-content" className="break-words whitespace-pre-wrap">
          {caption}
        </span>
      ) : null}
    </div>
  );
}

/** The text of a file message is its caption unless it is only the file's name. */
function captionOf(message: RoomMessage): string | null {
  const name = message.attachment?.name ?? null;
  if (name === null) return null;
  return message.content === name ? null : message.content;
}

/**
 * One of the viewer's files on its way: its name and size, how much of it has gone, and a
 * button that stops it. A stopped upload is dropped from the outbox, so nothing is sent.
 */
function PendingUpload({ message }: { message: RoomMessage }) {
  const { t } = useTranslation('socialChat');
  const entry = useOutboxEntries().find((held) => held.clientId === message.clientId);
  const progress = useSyncExternalStore(uploads.subscribe, () =>
    uploads.progressOf(message.clientId),
  );
  const name = entry?.fileName ?? message.content;
  const size = entry?.file?.size ?? 0;
  const percent = progress?.total ? Math.round((progress.loaded / progress.total) * 100) : 0;
  const caption = entry?.fileName && entry.fileName !== message.content ? message.content : null;
  return (
    <div className="flex w-64 max-w-full flex-col gap-1" data-testid="pending-upload">
      <div className="flex min-w-0 items-center gap-2">
        <VisibleName name={name} className="min-w-0 flex-1 truncate" />
        <span className="shrink-0 text-xs opacity-75">{formatSize(size)}</span>
        {message.status === 'sending' ? (
          <Button
            variant="ghost"
            size="icon"
            className="size-6 shrink-0"
            aria-label={t('file.cancel', { name })}
            onClick={() => {
              // Dropped first, so the stopped upload finds no message left to send.
              void appOutbox().discard(message.clientId);
              uploads.stop(message.clientId);
            }}
          >
            <X aria-hidden className="size-3.5" />
          </Button>
        ) : null}
      </div>
      {message.status === 'sending' ? (
        <div
          role="progressbar"
          aria-label={t('file.uploading', { name })}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          className="h-1.5 w-full overflow-hidden rounded-full bg-current/20"
        >
          <div className="h-full bg-current transition-[width]" style={{ width: `${percent}%` }} />
        </div>
      ) : null}
      {caption ? (
        <span data-testid="message-content" className="break-words whitespace-pre-wrap">
          {caption}
        </span>
      ) : null}
    </div>
  );
}
