import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/cn';
import { useToastStore, type ToastVariant } from './toast-store';
import { uiSettings } from './ui-settings';

const accents: Record<ToastVariant, string> = {
  info: 'border-l-info',
  success: 'border-l-success',
  warning: 'border-l-warning',
  error: 'border-l-error',
};

/**
 * The toasts from `toast()`: bottom-right, 16 px apart, F8 moves focus to them, a swipe right
 * past 50 px dismisses one.
 */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);
  return (
    <Toast.Provider
      duration={uiSettings.toast.durationMs}
      swipeThreshold={uiSettings.toast.swipeThreshold}
      swipeDirection="right"
    >
      {toasts.map((item) => (
        <Toast.Root
          key={item.id}
          type={item.variant === 'error' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismiss(item.id);
          }}
          className={cn(
            'flex items-start gap-3 rounded-lg border border-l-4 border-border bg-surface p-4 text-fg shadow-lg',
            'data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x)',
            'data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x)',
            accents[item.variant],
          )}
        >
          <div className="flex flex-1 flex-col gap-1">
            <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
            {item.description ? (
              <Toast.Description className="text-sm text-fg-muted">
                {item.description}
              </Toast.Description>
            ) : null}
          </div>
          <Toast.Close
            aria-label={t('toast.close')}
            className="rounded p-1 text-fg-muted hover:bg-surface-muted"
          >
            <X aria-hidden className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        hotkey={[...uiSettings.toast.hotkey]}
        label={t('toast.region')}
        className="fixed right-0 bottom-0 z-[100] flex w-full max-w-sm flex-col gap-4 p-4 outline-none"
      />
    </Toast.Provider>
  );
}
