import type { PromptAttachment } from '@confab/protocol/prompt-attachments';
import { FileText } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '@/components/ui/dialog';
import { formatBytes, isSafeImageDataUrl } from '../lib/attachment-rules';

/**
 * A prompt's attachments in its bubble: image thumbnails, each opening the full image in a
 * dialog, and a chip per file with its name and size. Only base64 data URLs of the image types
 * sent are shown (an imported file could hold anything).
 */
export function PromptAttachments({ items }: { items: readonly PromptAttachment[] }) {
  const { t } = useTranslation('mindBox');
  const [open, setOpen] = useState<(PromptAttachment & { kind: 'image' }) | null>(null);
  return (
    <div className="flex flex-wrap items-start justify-end gap-2" data-testid="prompt-attachments">
      {items.map((item, index) =>
        item.kind === 'image' ? (
          isSafeImageDataUrl(item.dataUrl) ? (
            <button
              key={index}
              type="button"
              className="overflow-hidden rounded-lg border border-border focus-visible:outline-2 focus-visible:outline-secondary"
              aria-label={t('attachments.open', { name: item.name })}
              onClick={() => setOpen(item)}
            >
              <img
                src={item.dataUrl}
                alt={t('attachments.imageAlt', { name: item.name })}
                data-testid="prompt-image"
                className="size-20 object-cover"
              />
            </button>
          ) : null
        ) : (
          <span
            key={index}
            data-testid="prompt-file"
            className="flex max-w-full items-center gap-1.5 rounded-lg border border-border bg-surface px-2 py-1 text-xs"
          >
            <FileText aria-hidden className="size-3.5 shrink-0 text-fg-muted" />
            <span className="truncate">{item.name}</span>
            <span className="shrink-0 text-fg-muted">{formatBytes(item.size)}</span>
          </span>
        ),
      )}
      <Dialog open={open !== null} onOpenChange={(o) => !o && setOpen(null)}>
        <DialogContent className="w-[min(96vw,64rem)]">
          <DialogTitle className="truncate">{open?.name}</DialogTitle>
          <DialogDescription>
            {open ? `${open.width} × ${open.height} · ${formatBytes(open.size)}` : null}
          </DialogDescription>
          {open ? (
            <img
              src={open.dataUrl}
              alt={t('attachments.imageAlt', { name: open.name })}
              className="max-h-[70dvh] w-full object-contain"
            />
          ) : null}
          <DialogClose asChild>
            <Button variant="outline" className="self-end">
              {t('attachments.close')}
            </Button>
          </DialogClose>
        </DialogContent>
      </Dialog>
    </div>
  );
}
