import type { Attachment } from '@confab/protocol/social-chat';
import { FileText } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { VisibleName } from '@/components/ui/visible-name';
import { visibleText } from '@/lib/visible-text';
import { formatSize, isImageType } from '../lib/send-rules';

/**
 * An uploaded file: images previewed inline (served only to the chat's participants), other
 * files as a download link with name and size. Names are text, never markup, and their
 * invisible characters are shown (`VisibleName`).
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
  if (isImageType(attachment.mimeType)) {
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
  return (
    <a
      href={attachment.url}
      download={name}
      aria-label={t('message.download', { name })}
      className="flex items-center gap-2 underline-offset-2 hover:underline"
    >
      <FileText aria-hidden className="size-5 shrink-0" />
      <VisibleName name={attachment.name} className="break-all" />
      <span className="shrink-0 text-xs opacity-75">{formatSize(attachment.size)}</span>
    </a>
  );
}
