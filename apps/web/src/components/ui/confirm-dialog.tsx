import { AlertDialog as DialogPrimitive } from 'radix-ui';
import { buttonClasses } from './button';

/**
 * Asks before an action that cannot be taken back by one click. Controlled: the caller opens it
 * and runs `onConfirm`; Escape, the cancel button or a click outside dismiss it.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  destructive,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  cancelLabel: string;
  destructive?: boolean;
  onConfirm: () => void;
}) {
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <DialogPrimitive.Content className="fixed top-1/2 left-1/2 z-50 flex w-[min(28rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-3 rounded-xl border border-border bg-surface p-5 text-fg shadow-lg">
          <DialogPrimitive.Title className="text-lg font-semibold">{title}</DialogPrimitive.Title>
          <DialogPrimitive.Description className="text-sm text-fg-muted">
            {description}
          </DialogPrimitive.Description>
          <div className="mt-2 flex justify-end gap-2">
            <DialogPrimitive.Cancel className={buttonClasses({ variant: 'outline' })}>
              {cancelLabel}
            </DialogPrimitive.Cancel>
            <DialogPrimitive.Action
              className={buttonClasses({ variant: destructive ? 'danger' : 'primary' })}
              onClick={onConfirm}
            >
              {confirmLabel}
            </DialogPrimitive.Action>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
