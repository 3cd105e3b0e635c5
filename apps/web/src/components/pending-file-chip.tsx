import { FileText, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/**
 * A file waiting above a composer (the AI chat's attachments, the chat room's files): a
 * thumbnail or an icon, the name (text, never markup), a line of detail and a remove button.
 */
export function PendingFileChip({
  name,
  detail,
  thumbnail,
  removeLabel,
  onRemove,
}: {
  name: ReactNode;
  detail: string;
  /** A URL the caller vouches for (a checked data URL, an object URL of a picked image). */
  thumbnail?: string;
  removeLabel: string;
  onRemove: () => void;
}) {
  return (
    <li
      data-testid="pending-attachment"
      className="flex max-w-full min-w-0 items-center gap-2 rounded-lg border border-border bg-surface py-1 pr-1 pl-1 text-xs"
    >
      {thumbnail ? (
        <img
          src={thumbnail}
          alt=""
          className="size-8 shrink-0 rounded object-cover"
          draggable={false}
        />
      ) : (
        <FileText aria-hidden className="ml-1 size-4 shrink-0 text-fg-muted" />
      )}
      <span className="flex min-w-0 flex-col">
        <span className="truncate font-medium">{name}</span>
        <span className="text-fg-muted">{detail}</span>
      </span>
      <Button
        type="button"
        size="icon"
        variant="ghost"
        className="size-6 shrink-0"
        aria-label={removeLabel}
        onClick={onRemove}
      >
        <X aria-hidden className="size-3.5" />
      </Button>
    </li>
  );
}
