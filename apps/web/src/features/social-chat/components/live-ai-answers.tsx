import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { visibleText } from '@/lib/visible-text';
import { AiMarkdown } from './ai-markdown';
import { liveAnswersIn, useLiveAiAnswers, type LiveAiAnswer } from '../stores/live-ai-answers';

/**
 * The answers being written in this chat now (docs/product.md#ask-ai-in-chat), under the
 * messages: who asked, with which model and how much context, and the text as it grows, through
 * the AI chat's sanitised markdown (model output is untrusted). A stopped answer shows why in
 * its place. The stored message replaces a finished one.
 */
export function LiveAiAnswers({
  chatId,
  viewerId,
  onStop,
}: {
  chatId: string;
  viewerId: string;
  /** Stops the answer this tab is asking; null while it asks none. */
  onStop: (() => void) | null;
}) {
  const answers = useLiveAiAnswers((state) => state.answers);
  const live = liveAnswersIn(answers, chatId);
  if (live.length === 0) return null;
  return (
    <div className="flex max-h-[45%] flex-col gap-2 overflow-y-auto border-t border-border p-2">
      {live.map((answer) => (
        <LiveAiBubble
          key={answer.answerId}
          answer={answer}
          own={answer.askerId === viewerId}
          {...(onStop && answer.askerId === viewerId ? { onStop } : {})}
        />
      ))}
    </div>
  );
}

export function LiveAiBubble({
  answer,
  own,
  onStop,
}: {
  answer: LiveAiAnswer;
  own: boolean;
  onStop?: () => void;
}) {
  const { t } = useTranslation('socialChat');
  const asker = visibleText(answer.askerUsername);
  if (answer.stopped) {
    const by = visibleText(answer.stopped.byUsername ?? answer.askerUsername);
    return (
      <p
        role="status"
        data-testid="live-ai-stopped"
        className="self-center rounded-full bg-surface-muted px-3 py-1 text-center text-xs text-fg-muted"
      >
        {t(`askAi.stopped.${answer.stopped.reason}`, { name: by })}
      </p>
    );
  }
  return (
    <article
      data-testid="live-ai-answer"
      aria-busy="true"
      className={`flex max-w-[min(36rem,92%)] min-w-0 flex-col gap-1 rounded-xl border border-primary/40 bg-surface-muted px-3 py-2 text-sm ${own ? 'self-end' : 'self-start'}`}
    >
      <header className="flex min-w-0 items-start gap-1.5 text-xs font-medium">
        <Sparkles aria-hidden className="mt-px size-3.5 shrink-0 text-primary" />
        {/* Wrapped, never cut: who asked and with which model is the point of the line. */}
        <span className="min-w-0 flex-1 break-words">
          {t('askAi.answering', { name: asker, model: answer.model })}
        </span>
        {own && onStop ? (
          <Button variant="ghost" size="sm" className="h-6 px-2 text-xs" onClick={onStop}>
            {t('askAi.stop')}
          </Button>
        ) : null}
      </header>
      <p className="text-xs text-fg-muted">
        {t('askAi.askedWith', { count: answer.contextCount })}
      </p>
      <div className="min-w-0 break-words" aria-live="polite">
        {/* Plain text while the markdown code loads: never the app's loading screen. */}
        <AiMarkdown text={answer.text} streaming />
      </div>
    </article>
  );
}
