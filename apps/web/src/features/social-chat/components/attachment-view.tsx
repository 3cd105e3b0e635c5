import { attachmentDisplay, type Attachment } from '@confab/protocol/social-chat';
import { FileArchive, FileAudio, FileImage, FileText, FileVideo } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { VisibleName } from '@/components/ui/visible-name';
import { visibleText } from '@/lib/visible-text';
import { formatSize } from '../lib/send-rules';

function iconFor(mimeType: string) {
  if (mimeType.startsWith('image/')) return FileImage;
  if (mimeType.startsWith('audio/')) return FileAudio;
  if (mimeType.startsWith('video/')) return FileVideo;
  if (mimeType === 'application/zip') return FileArchive;
  return FileText;
}

/**
 * An uploaded file (docs/product.md#chat-files), served only to the chat's participants:
 * raster images previewed inline, audio and video in the browser's own players (with a link to
 * download them), every other file as a download link with name and size. Names are text,
 * never markup, and their invisible characters are shown (`VisibleName`).
 */
export function AttachmentView({
  attachment,
  onMediaLoad,
}: {
  attachment: Attachment;
  onMediaLoad?: () => void;
}) {
  const { t } = useTranslation('socialChat');
  // The sender chose the name: invisible characters in it are shown, never obeyed.
  const name = visibleText(attachment.name);
  const display = attachmentDisplay(attachment.mimeType);
  if (display === 'image') {
    return (
      <a href={attachment.url} target="_blank" rel="noopener noreferrer" className="block">
        <img
          src={attachment.url}
          alt={name}
          onLoad={onMediaLoad}
          className="max-h-64 max-w-full rounded-md object-contain"
        />
      </a>
    );
  }
  const Icon = iconFor(attachment.mimeType);
  const link = (
    <a
      href={attachment.url}
      download={name}
      aria-label={t('message.download', { name })}
      className="flex min-w-0 items-center gap-2 underline-offset-2 hover:underline"
    >
      <Icon aria-hidden className="size-5 shrink-0" />
      <VisibleName name={attachment.name} className="min-w-0 break-all" />
      <span className="shrink-0 text-xs opacity-75">{formatSize(attachment.size)}</span>
    </a>
  );
  if (display === 'audio') {
    return (
      <div className="flex w-72 max-w-full flex-col gap-1">
        <audio
          controls
          preload="metadata"
          src={attachment.url}
          aria-label={name}
          onLoadedMetadata={onMediaLoad}
          className="w-full"
        />
        {link}
      </div>
    );
  }
  if (display === 'video') {
    return (
      <div className="flex max-w-full flex-col gap-1">
        <video
          controls
          preload="metadata"
          playsInline
          src={attachment.url}
          aria-label={name}
          onLoadedMetadata={onMediaLoad}
          className="max-h-64 max-w-full rounded-md bg-black"
        />
        {link}
      </div>
    );
  }
  return link;
}
