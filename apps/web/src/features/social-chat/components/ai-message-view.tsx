import type { AiMessagePayload } from '@confab/protocol/ai-in-chat';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast-store';
import { useAiBridge } from '@/lib/ai-bridge/ai-bridge';
import { paths } from '@/lib/paths';
import { AiMarkdown } from './ai-markdown';
import { AiUsageLine } from './ai-usage-line';

interface ViewTurn {
  prompt: string;
  reply: string;
  reasoning: string;
  toolCalls: { name: string; ok: boolean }[];
}

function turnsOf(payload: AiMessagePayload): ViewTurn[] {
  if (payload.kind === 'share') return payload.turns;
  return [
    { prompt: payload.question, reply: payload.reply, reasoning: payload.reasoning, toolCalls: [] },
  ];
}

/**
 * An AI message in full, read-only (docs/product.md#ai-in-chat): every turn with its reasoning
 * folded and its tool calls summarised, the counts, the model and provider; and "Continue in my
 * AI chat", which copies it into the viewer's own AI history and opens it there.
 */
export function AiMessageView({
  payload,
  own,
  who,
  answerHeading,
  onClose,
}: {
  payload: AiMessagePayload;
  own: boolean;
  who: string;
  /** An answer's heading as the card gives it ("‹name›'s ‹model›", or no name when forwarded). */
  answerHeading: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('socialChat');
  const bridge = useAiBridge();
  const navigate = useNavigate();
  const [continuing, setContinuing] = useState(false);
  const title =
    payload.kind === 'share' ? payload.title || t('ai.shared', { name: who }) : answerHeading;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="w-[min(96vw,44rem)] [overflow-wrap:anywhere]" data-testid="ai-view">
        <DialogTitle className="break-words">{title}</DialogTitle>
        <DialogDescription>
          {t('ai.modelOf', { model: payload.model, provider: payload.provider })}
        </DialogDescription>
        <ol className="flex flex-col gap-4">
          {turnsOf(payload).map((turn, index) => (
            <li key={index} data-testid="ai-view-turn" className="flex flex-col gap-2">
              <div className="self-end rounded-2xl bg-primary/15 px-3 py-2 text-sm whitespace-pre-wrap break-words">
                {turn.prompt}
              </div>
              {turn.toolCalls.length ? (
                <ul className="flex flex-wrap gap-1 text-xs text-fg-muted">
                  {turn.toolCalls.map((call, i) => (
                    <li
                      key={i}
                      className="inline-flex items-center gap-1 rounded-md border border-border px-1.5 py-0.5"
                    >
                      {call.ok ? (
                        <Check aria-hidden className="size-3 text-success" />
                      ) : (
                        <X aria-hidden className="size-3 text-error" />
                      )}
                      {t(call.ok ? 'ai.toolOk' : 'ai.toolFailed', { name: call.name })}
                    </li>
                  ))}
                </ul>
              ) : null}
              {turn.reasoning.trim() ? (
                <details className="rounded-lg border border-border bg-surface-muted/60 text-sm">
                  <summary className="cursor-pointer px-3 py-2 font-medium text-fg-muted">
                    {t('ai.reasoning')}
                  </summary>
                  <p className="border-t border-border px-3 py-2 whitespace-pre-wrap text-fg-muted">
                    {turn.reasoning}
                  </p>
                </details>
              ) : null}
              <div data-testid="ai-view-reply" className="min-w-0 text-sm">
                <AiMarkdown text={turn.reply} />
              </div>
            </li>
          ))}
        </ol>
        <AiUsageLine payload={payload} own={own} />
        {/* Kept in view at the bottom while a long answer scrolls (a phone shows little of it). */}
        <div className="sticky -bottom-5 -mx-5 -mb-5 flex flex-wrap justify-end gap-2 border-t border-border bg-surface px-5 py-3">
          <Button variant="ghost" onClick={onClose}>
            {t('ai.close')}
          </Button>
          {bridge ? (
            <Button
              disabled={continuing}
              onClick={() => {
                setContinuing(true);
                bridge
                  .continueShared(payload)
                  .then(() => navigate(paths.mindBox))
                  .catch(() => {
                    setContinuing(false);
                    toast({ title: t('ai.continueFailed'), variant: 'error' });
                  });
              }}
            >
              {t('ai.continue')}
            </Button>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
