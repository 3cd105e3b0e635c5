import { useState, type DragEvent, type ReactNode } from 'react';

const hasFiles = (event: DragEvent) => event.dataTransfer.types.includes('Files');

/**
 * An area to paste files into or drop files on: the AI chat's column
 * (docs/product.md#prompt-attachments) and the chat room (docs/product.md#chat-files). While
 * files are dragged over it, a dashed target says where they go; the drag is counted, since
 * entering a child leaves its parent.
 */
export function FileDropZone({
  enabled,
  onFiles,
  label,
  className,
  testId,
  children,
}: {
  enabled: boolean;
  onFiles: (files: File[]) => void;
  /** What the target says while files are dragged over it. */
  label: string;
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const [depth, setDepth] = useState(0);
  return (
    <section
      className={`relative ${className ?? ''}`}
      data-testid={testId}
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
          className="pointer-events-none absolute inset-0 z-30 flex items-center justify-center rounded-xl border-2 border-dashed border-secondary bg-surface/85 p-4 text-center text-sm font-medium"
        >
          {label}
        </div>
      ) : null}
      {children}
    </section>
  );
}
