import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '@/components/ui/dialog';
import { VisibleName } from '@/components/ui/visible-name';
import type { ImportOutcome } from '../hooks/use-chat-transfer';

/** What an import did: how many chats came in, which entries were skipped and why. */
export function ImportSummaryDialog({
  outcome,
  onClose,
}: {
  outcome: ImportOutcome | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('mindBox');
  const skipped = outcome?.state === 'done' ? outcome.summary.skipped : [];
  return (
    <Dialog open={outcome !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogTitle>{t('transfer.summaryTitle')}</DialogTitle>
        <DialogDescription asChild>
          <div role="status">
            {outcome?.state === 'reading' ? t('transfer.reading') : null}
            {outcome?.state === 'failed' ? (
              <span className="text-error-text">{t(`transfer.failure.${outcome.reason}`)}</span>
            ) : null}
            {outcome?.state === 'done'
              ? t('transfer.imported', { count: outcome.summary.imported.length })
              : null}
            {skipped.length ? ` ${t('transfer.skipped', { count: skipped.length })}` : null}
          </div>
        </DialogDescription>
        {skipped.length ? (
          <ul className="flex flex-col gap-1 text-sm" aria-label={t('transfer.skippedList')}>
            {skipped.map((entry, i) => (
              <li key={i} className="break-words">
                <VisibleName name={entry.title} className="font-medium" />
                {` — ${t(`transfer.reason.${entry.reason}`)}`}
              </li>
            ))}
          </ul>
        ) : null}
        <DialogClose asChild>
          <Button className="self-end">{t('transfer.close')}</Button>
        </DialogClose>
      </DialogContent>
    </Dialog>
  );
}
