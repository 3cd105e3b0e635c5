import type {
  AiAnswerPayload,
  AiMessagePayload,
  AiSharePayload,
} from '@confab/protocol/ai-in-chat';
import { Bot } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { visibleText } from '@/lib/visible-text';
import { withVisibleNames } from '../lib/ai-visible-names';
import { AiMarkdown } from './ai-markdown';
import { AiMessageView } from './ai-message-view';
import { AiUsageLine } from './ai-usage-line';

/** The reply, clipped to a few lines in the room; the full view shows all of it. */
function ClippedReply({ text }: { text: string }) {
  return (
    <div
      data-testid="ai-reply"
      className="relative max-h-48 overflow-hidden text-sm [mask-image:linear-gradient(to_bottom,black_70%,transparent)]"
    >
      <AiMarkdown text={text} />
    </div>
  );
}

function ShareBody({ payload, who }: { payload: AiSharePayload; who: string }) {
  const { t } = useTranslation('socialChat');
  const first = payload.turns[0]!;
  return (
    <>
      <p className="font-medium">{t('ai.shared', { name: who })}</p>
      {payload.title ? <p className="text-xs text-fg-muted">{payload.title}</p> : null}
      <blockquote
        data-testid="ai-prompt"
        className="border-l-2 border-border pl-2 text-sm whitespace-pre-wrap text-fg-muted line-clamp-3"
      >
        {first.prompt}
      </blockquote>
      <ClippedReply text={payload.turns.at(-1)!.reply} />
      {payload.turns.length > 1 ? (
        <p className="text-xs text-fg-muted">{t('ai.turns', { count: payload.turns.length })}</p>
      ) : null}
    </>
  );
}

function AnswerBody({ payload, heading }: { payload: AiAnswerPayload; heading: string }) {
  const { t } = useTranslation('socialChat');
  return (
    <>
      <p className="font-medium">{heading}</p>
      <p className="text-xs text-fg-muted">{t('ai.context', { count: payload.contextCount })}</p>
      <blockquote
        data-testid="ai-question"
        className="border-l-2 border-border pl-2 text-sm whitespace-pre-wrap text-fg-muted line-clamp-3"
      >
        {payload.question}
      </blockquote>
      <ClippedReply text={payload.reply} />
    </>
  );
}

/**
 * An AI message in the room (docs/product.md#ai-in-chat): a shared answer ("‹name› shared an AI
 * answer") or an answer asked in the chat ("‹name›'s ‹model›"), with the model and provider, the
 * prompt or question as text, the reply through the sanitised markdown, the token counts (and
 * the cost for its sender), and "Open" for the full, read-only view.
 */
export function AiMessageCard({
  payload: sent,
  own,
  senderName,
  forwarded = false,
}: {
  payload: AiMessagePayload;
  own: boolean;
  senderName: string;
  /** A forwarded copy: its sender did not ask the model, so no one is named as the asker. */
  forwarded?: boolean;
}) {
  const { t } = useTranslation('socialChat');
  const [open, setOpen] = useState(false);
  const payload = useMemo(() => withVisibleNames(sent), [sent]);
  const who = own ? t('ai.you') : visibleText(senderName);
  const answerHeading = forwarded
    ? t('ai.answerForwarded', { model: payload.model })
    : t('ai.answerBy', { name: who, model: payload.model });
  return (
    // Names and text chosen by the sender wrap anywhere: a long word never widens the card.
    <div
      data-testid="ai-card"
      data-kind={payload.kind}
      className="flex min-w-0 flex-col gap-2 [overflow-wrap:anywhere]"
    >
      <p className="flex items-center gap-1 text-xs text-fg-muted">
        <Bot aria-hidden className="size-3.5 shrink-0" />
        <span className="min-w-0 truncate">
          {t('ai.modelOf', { model: payload.model, provider: payload.provider })}
        </span>
      </p>
      {payload.kind === 'share' ? (
        <ShareBody payload={payload} who={who} />
      ) : (
        <AnswerBody payload={payload} heading={answerHeading} />
      )}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <AiUsageLine payload={payload} own={own} />
        <Button size="sm" variant="outline" onClick={() => setOpen(true)}>
          {t('ai.open')}
        </Button>
      </div>
      {open ? (
        <AiMessageView
          payload={payload}
          own={own}
          who={who}
          answerHeading={answerHeading}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </div>
  );
}
