import { useState, type DragEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * The chat column as a place to paste files into or drop files on
 * (docs/product.md#prompt-attachments). While files are dragged over it, a dashed target says
 * where they go; the drag is counted, since entering a child leaves its parent.
 */
export function AttachmentDropZone({
  enabled,
  onFiles,
  className,
  children,
}: {
  enabled: boolean;
  onFiles: (files: File[]) => void;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('mindBox');
  const [depth, setDepth] = useState(0);
  return (
    <section
      className={`relative ${className ?? ''}`}
      data-testid="chat-section"
      onPaste={(event) => {
        const files = [...event.clipboardData.files];
        if (!files.length || !enabled) return;
        event.preventDefault();
        onFiles(files);
      }}
      onDragEnter={(event) => {
        if (!hasFiles(event) || !enabled) return;
        event.preventDefault();
        setDepth((d) => d + 1);
      }}
      onDragOver={(event) => {
        if (!hasFiles(event) || !enabled) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(event) => {
        if (!hasFiles(event)) return;
        setDepth((d) => Math.max(0, d - 1));
      }}
      onDrop={(event) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setDepth(0);
        if (enabled) onFiles([...event.dataTransfer.files]);
      }}
    >
      {depth > 0 ? (
        <div
          data-testid="drop-target"
          className="pointer-events-none absolute inset-0 z-30 flex items-center justify-center rounded-xl border-2 border-dashed border-secondary bg-surface/85 text-sm font-medium"
        >
          {t('attachments.drop')}
        </div>
      ) : null}
      {children}
    </section>
  );
}
