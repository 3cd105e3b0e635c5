import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingFileChip } from '@/components/pending-file-chip';
import { Button } from '@/components/ui/button';
import { VisibleName } from '@/components/ui/visible-name';
import type { PendingFiles } from '../hooks/use-pending-files';
import { formatSize, isImageType } from '../lib/send-rules';

/** A picked image's own bytes as a thumbnail, released when the chip goes. */
function useThumbnail(file: File): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    // jsdom and old browsers have no object URLs: the chip shows an icon instead.
    if (!isImageType(file.type) || typeof URL.createObjectURL !== 'function') return;
    const made = URL.createObjectURL(file);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [file]);
  return url;
}

function FileChip({ file, onRemove }: { file: File; onRemove: () => void }) {
  const { t } = useTranslation('socialChat');
  return (
    <PendingFileChip
      name={<VisibleName name={file.name} />}
      detail={formatSize(file.size)}
      thumbnail={useThumbnail(file)}
      removeLabel={t('file.remove', { name: file.name })}
      onRemove={onRemove}
    />
  );
}

/**
 * The files waiting above the room's composer, sent with the text typed (their caption) by the
 * send button or Enter; and the files refused, each named with why.
 */
export function PendingFilesTray({ pending }: { pending: PendingFiles }) {
  const { t } = useTranslation('socialChat');
  if (!pending.files.length && !pending.refusals.length) return null;
  return (
    <div className="flex flex-col gap-1 pb-2" data-testid="pending-files">
      {pending.refusals.length ? (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-error-text/40 px-3 py-2 text-sm text-error-text"
        >
          <ul className="min-w-0 flex-1 break-words">
            {pending.refusals.map((text, i) => (
              <li key={i}>{text}</li>
            ))}
          </ul>
          <Button
            type="button"
            size="icon"
            variant="ghost"
            className="size-6"
            aria-label={t('file.dismiss')}
            onClick={pending.dismiss}
          >
            <X aria-hidden className="size-3.5" />
          </Button>
        </div>
      ) : null}
      {pending.files.length ? (
        <>
          <ul aria-label={t('file.pending')} className="flex flex-wrap gap-2">
            {pending.files.map((file, index) => (
              <FileChip
                key={`${index}:${file.name}`}
                file={file}
                onRemove={() => pending.remove(index)}
              />
            ))}
          </ul>
          <p className="px-1 text-xs text-fg-muted">
            {t(pending.files.length > 1 ? 'file.captionHintMany' : 'file.captionHint')}
          </p>
        </>
      ) : null}
    </div>
  );
}
