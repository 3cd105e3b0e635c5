import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

/** A modal dialog: focus stays inside, Escape and the close buttons dismiss it. */
export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export function DialogContent({
  className,
  children,
  ...props
}: ComponentProps<typeof DialogPrimitive.Content>) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-40 bg-slate-950/50" />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 flex max-h-[85dvh] w-[min(92vw,36rem)] -translate-x-1/2 -translate-y-1/2 flex-col gap-4',
          'overflow-y-auto rounded-xl border border-border bg-surface p-5 text-fg shadow-lg',
          className,
        )}
        {...props}
      >
        {children}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold', className)} {...props} />;
}

export function DialogDescription({
  className,
  ...props
}: ComponentProps<typeof DialogPrimitive.Description>) {
  return (
    <DialogPrimitive.Description className={cn('text-sm text-fg-muted', className)} {...props} />
  );
}

/**
 * The dialog's own way out, top right, as in sheets: on a phone a full-width dialog leaves
 * only a thin strip of overlay to tap, and Escape is no help.
 */
export function DialogCloseButton({ label, className }: { label: string; className?: string }) {
  return (
    <DialogPrimitive.Close
      aria-label={label}
      title={label}
      className={cn(
        'absolute top-3 right-3 rounded-md p-1.5 text-fg-muted hover:bg-surface-muted hover:text-fg',
        className,
      )}
    >
      <X aria-hidden className="size-4" />
    </DialogPrimitive.Close>
  );
}
