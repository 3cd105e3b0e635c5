import type { AiChatMessage } from '@confab/protocol/ai-chat';
import { aiInChatLimits } from '@confab/protocol/ai-in-chat';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { isShareable } from '../lib/share-snapshot';

const selectClass = 'h-10 w-full rounded-md border border-border bg-surface px-2 text-sm text-fg';

/**
 * "Share conversation…": which turns of the path shown go into the share, from the first to the
 * last chosen (docs/product.md#ai-in-chat). By default the whole path, its last 20 turns when
 * it is longer.
 */
export function ShareRangeDialog({
  open,
  messages,
  onOpenChange,
  onShare,
}: {
  open: boolean;
  messages: readonly AiChatMessage[];
  onOpenChange: (open: boolean) => void;
  onShare: (turns: AiChatMessage[]) => void;
}) {
  const { t } = useTranslation('mindBox');
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="w-[min(92vw,30rem)]">
        <DialogTitle>{t('share.rangeTitle')}</DialogTitle>
        <DialogDescription>
          {t('share.rangeDescription', { max: aiInChatLimits.turnsMax })}
        </DialogDescription>
        <RangeFields messages={messages} onCancel={() => onOpenChange(false)} onShare={onShare} />
      </DialogContent>
    </Dialog>
  );
}

/**
 * The dialog's choices, rendered only while it is open: a long chat's turns make thousands of
 * options, which opening the chat would otherwise build, label and throw away. Closed, it
 * forgets the range chosen.
 */
function RangeFields({
  messages,
  onCancel,
  onShare,
}: {
  messages: readonly AiChatMessage[];
  onCancel: () => void;
  onShare: (turns: AiChatMessage[]) => void;
}) {
  const { t } = useTranslation('mindBox');
  const turns = messages.filter(isShareable);
  const [range, setRange] = useState<{ from: number; to: number } | null>(null);
  const to = Math.min(range?.to ?? turns.length - 1, turns.length - 1);
  const from = Math.min(range?.from ?? Math.max(0, to - aiInChatLimits.turnsMax + 1), to);
  const count = to - from + 1;
  const tooMany = count > aiInChatLimits.turnsMax;
  const label = (index: number) =>
    t('share.turnLabel', { n: index + 1, prompt: turns[index]!.prompt.slice(0, 40) || '…' });
  return (
    <>
      {turns.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('share.nothing')}</p>
      ) : (
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="flex min-w-0 flex-col gap-1 text-sm">
            {t('share.from')}
            <select
              className={selectClass}
              value={from}
              onChange={(e) => setRange({ from: Number(e.target.value), to })}
            >
              {turns.map((m, index) => (
                <option key={m.id} value={index} disabled={index > to}>
                  {label(index)}
                </option>
              ))}
            </select>
          </label>
          <label className="flex min-w-0 flex-col gap-1 text-sm">
            {t('share.to')}
            <select
              className={selectClass}
              value={to}
              onChange={(e) => setRange({ from, to: Number(e.target.value) })}
            >
              {turns.map((m, index) => (
                <option key={m.id} value={index} disabled={index < from}>
                  {label(index)}
                </option>
              ))}
            </select>
          </label>
        </div>
      )}
      {tooMany ? (
        <p role="alert" className="text-sm text-error-text">
          {t('share.tooManyTurns', { max: aiInChatLimits.turnsMax })}
        </p>
      ) : turns.length ? (
        <p className="text-sm text-fg-muted">{t('share.turnCount', { count })}</p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={onCancel}>
          {t('chats.cancel')}
        </Button>
        <Button
          disabled={turns.length === 0 || tooMany}
          onClick={() => onShare(turns.slice(from, to + 1))}
        >
          {t('share.next')}
        </Button>
      </div>
    </>
  );
}
