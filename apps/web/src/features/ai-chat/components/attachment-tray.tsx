import type { PromptAttachment } from '@confab/protocol/prompt-attachments';
import { Paperclip, X } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PendingFileChip } from '@/components/pending-file-chip';
import { Button } from '@/components/ui/button';
import {
  attachmentTokens,
  estimateTokens,
  formatBytes,
  isSafeImageDataUrl,
  type Refusal,
} from '../lib/attachment-rules';

/** What the attach button's file chooser offers (others are refused when dropped or pasted). */
const accepted =
  'image/png,image/jpeg,image/gif,image/webp,application/pdf,text/*,.md,.csv,.json,.txt,.ts,.tsx,.js,.py,.go,.rs,.java,.c,.cpp,.h,.yaml,.yml,.toml,.sql,.sh';

/** The composer's paperclip: opens the file chooser (several files at once). */
export function AttachButton({
  onFiles,
  disabled,
}: {
  onFiles: (files: File[]) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('mindBox');
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button
        type="button"
        size="icon"
        variant="ghost"
        aria-label={t('attachments.attach')}
        title={`${t('attachments.attach')} (${t('attachments.attachHint')})`}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        <Paperclip aria-hidden className="size-4" />
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={accepted}
        data-testid="attach-input"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          // Emptied, so that picking the same file again is a change too.
          event.target.value = '';
          onFiles(files);
        }}
      />
    </>
  );
}

export function refusalText(t: ReturnType<typeof useTranslation<'mindBox'>>['t'], r: Refusal) {
  switch (r.reason) {
    case 'tooLarge':
      return t('attachments.refused.tooLarge', { name: r.name, max: formatBytes(r.max) });
    case 'tooMany':
      return t('attachments.refused.tooMany', { name: r.name, max: r.max });
    case 'noVision':
      return t('attachments.refused.noVision', { name: r.name, model: r.model });
    case 'noText':
    case 'unreadable':
    case 'unsupported':
      return t(`attachments.refused.${r.reason}`, { name: r.name });
  }
}

/**
 * The attachments waiting above the composer: a chip per file with its name, size and, for a
 * text file or PDF, its token estimate; the total; the files refused, each named with why.
 */
export function AttachmentTray({
  items,
  reading,
  refusals,
  onRemove,
  onDismiss,
}: {
  items: readonly PromptAttachment[];
  reading: readonly string[];
  refusals: readonly Refusal[];
  onRemove: (index: number) => void;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('mindBox');
  if (!items.length && !reading.length && !refusals.length) return null;
  return (
    <div className="flex flex-col gap-1" data-testid="attachment-tray">
      {refusals.length ? (
        <div
          role="alert"
          className="flex items-start gap-2 rounded-lg border border-error-text/40 px-3 py-2 text-sm text-error-text"
        >
          <ul className="flex-1">
            {refusals.map((r, i) => (
              <li key={i}>{refusalText(t, r)}</li>
            ))}
          </ul>
          <Button
            type="button"
            size="icon"
            variant="ghost"
            className="size-6"
            aria-label={t('attachments.dismiss')}
            onClick={onDismiss}
          >
            <X aria-hidden className="size-3.5" />
          </Button>
        </div>
      ) : null}
      {items.length || reading.length ? (
        <ul aria-label={t('attachments.pending')} className="flex flex-wrap gap-2">
          {items.map((item, index) => (
            <PendingFileChip
              key={`${index}:${item.name}`}
              name={item.name}
              thumbnail={
                item.kind === 'image' && isSafeImageDataUrl(item.dataUrl) ? item.dataUrl : undefined
              }
              detail={[
                formatBytes(item.size),
                ...(item.kind !== 'image'
                  ? [t('attachments.tokens', { count: estimateTokens(item.text) })]
                  : []),
                ...(item.kind !== 'image' && item.truncated ? [t('attachments.truncated')] : []),
              ].join(' · ')}
              removeLabel={t('attachments.remove', { name: item.name })}
              onRemove={() => onRemove(index)}
            />
          ))}
          {reading.map((name, i) => (
            <li key={`reading:${i}`} role="status" className="px-2 py-1 text-xs text-fg-muted">
              {t('attachments.reading', { name })}
            </li>
          ))}
        </ul>
      ) : null}
      {items.length ? (
        <p className="px-1 text-xs text-fg-muted" data-testid="attachment-total">
          {t('attachments.total', { count: items.length, tokens: attachmentTokens(items) })}
        </p>
      ) : null}
    </div>
  );
}
