import type { Attachment } from '@confab/protocol/social-chat';
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { formatSize, isImageType } from '../lib/send-rules';

/**
 * An uploaded file: images previewed inline (served only to the chat's participants), other
 * files as a download link with name and size. Names are text, never markup.
 */
export function AttachmentView({
  attachment,
  onMediaLoad,
}: {
  attachment: Attachment;
  onMediaLoad?: () => void;
}) {
  const { t } = useTranslation('socialChat');
  if (isImageType(attachment.mimeType)) {
    return (
      <a href={attachment.url} target="_blank" rel="noopener noreferrer" className="block">
        <img
          src={attachment.url}
          alt={attachment.name}
          onLoad={onMediaLoad}
          className="max-h-64 max-w-full rounded-md object-contain"
        />
      </a>
    );
  }
  return (
    <a
      href={attachment.url}
      download={attachment.name}
      aria-label={t('message.download', { name: attachment.name })}
      className="flex items-center gap-2 underline-offset-2 hover:underline"
    >
      <FileText aria-hidden className="size-5 shrink-0" />
      <span className="break-all">{attachment.name}</span>
      <span className="shrink-0 text-xs opacity-75">{formatSize(attachment.size)}</span>
    </a>
  );
}
