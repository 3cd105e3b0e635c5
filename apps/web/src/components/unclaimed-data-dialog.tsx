import { AlertDialog as DialogPrimitive } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { buttonClasses } from '@/components/ui/button';
import { useUnclaimedQuestion } from '@/lib/account-storage/use-account-storage';

// Quieter than the two answers, in the error colour (`cn` adds classes, it does not replace a
// variant's text colour).
const deleteClasses =
  'inline-flex h-10 shrink-0 items-center justify-center rounded-md px-4 text-sm font-medium ' +
  'text-error-text transition-colors hover:bg-surface-muted sm:mr-auto ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-secondary';

/**
 * Asks the signed-in account whether the data found on this browser without an owner is
 * theirs (docs/product.md#account-storage). It waits for an answer: the account's stores are
 * not read until then, so Escape and clicks outside do not close it.
 */
export function UnclaimedDataDialog() {
  const { t } = useTranslation();
  const answer = useUnclaimedQuestion();
  if (!answer) return null;
  return (
    <DialogPrimitive.Root open>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-slate-950/50" />
        <DialogPrimitive.Content
          onEscapeKeyDown={(event) => event.preventDefault()}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[85dvh] w-[min(36rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 flex-col gap-3 overflow-y-auto rounded-xl border border-border bg-surface p-5 text-fg shadow-lg"
        >
          <DialogPrimitive.Title className="text-lg font-semibold">
            {t('unclaimedData.title')}
          </DialogPrimitive.Title>
          <DialogPrimitive.Description className="text-sm text-fg-muted">
            {t('unclaimedData.text')}
          </DialogPrimitive.Description>
          <p className="text-sm text-fg-muted">{t('unclaimedData.choices')}</p>
          <div className="mt-2 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <button type="button" className={deleteClasses} onClick={() => answer('delete')}>
              {t('unclaimedData.delete')}
            </button>
            <button
              type="button"
              className={buttonClasses({ variant: 'outline' })}
              onClick={() => answer('not-mine')}
            >
              {t('unclaimedData.notMine')}
            </button>
            <button
              type="button"
              className={buttonClasses({ variant: 'primary' })}
              onClick={() => answer('mine')}
            >
              {t('unclaimedData.mine')}
            </button>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
