import { X } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { limits } from '@confab/protocol/limits';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import type { AiBridge, AiModelState } from '@/lib/ai-bridge/ai-bridge';
import { paths } from '@/lib/paths';
import { visibleText } from '@/lib/visible-text';
import { estimateTokens, type AskAiContextItem } from '../lib/ask-ai-context';
import { askAiPrompt } from '../lib/ask-ai-prompt';
import type { AskAiRequest } from '../hooks/use-ask-ai';

/**
 * What an answer asked in a chat will be made of, before it is sent
 * (docs/product.md#ask-ai-in-chat): the question, the chat's messages that go with it (the last
 * 20 by default, each one removable, with their count and a token estimate) and the model that
 * will answer, or what is missing before one can, with a link to the AI settings.
 */
export function AskAiPanel({
  open,
  onOpenChange,
  initialQuestion,
  initialContext,
  name,
  viewerName,
  consentOn,
  bridge,
  onAsk,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialQuestion: string;
  initialContext: AskAiContextItem[];
  /** The other person's name. */
  name: string;
  viewerName: string;
  consentOn: boolean;
  bridge: AiBridge | null;
  onAsk: (request: AskAiRequest) => void;
}) {
  const { t } = useTranslation('socialChat');
  const questionId = useId();
  const [question, setQuestion] = useState(initialQuestion);
  const [context, setContext] = useState(initialContext);
  const [model, setModel] = useState<AiModelState | null>(null);

  // Each opening starts from what it was opened with, and reads the model anew.
  useEffect(() => {
    if (!open) return;
    setQuestion(initialQuestion);
    setContext(initialContext);
    setModel(null);
    let live = true;
    void bridge?.modelState().then((state) => live && setModel(state));
    return () => {
      live = false;
    };
  }, [open, initialQuestion, initialContext, bridge]);

  const tokens = useMemo(() => {
    const prompt = askAiPrompt({ question, context, askerName: viewerName });
    return estimateTokens(prompt.system + prompt.messages.map((m) => m.content).join(''));
  }, [question, context, viewerName]);
  const ready = model?.ready === true;
  const canAsk = ready && consentOn && question.trim() !== '';

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent data-testid="ask-ai-panel">
        <DialogTitle>{t('askAi.title')}</DialogTitle>
        <DialogDescription>{t('askAi.description', { name: visibleText(name) })}</DialogDescription>
        <form
          className="flex min-h-0 flex-col gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (!canAsk || !model?.ready) return;
            onAsk({
              question: question.trim(),
              context,
              model: model.model,
              provider: model.provider,
            });
            onOpenChange(false);
          }}
        >
          <label htmlFor={questionId} className="text-sm font-medium">
            {t('askAi.question')}
          </label>
          <textarea
            id={questionId}
            value={question}
            maxLength={limits.chatInputMax}
            rows={3}
            autoFocus
            placeholder={t('askAi.questionPlaceholder')}
            onChange={(event) => setQuestion(event.target.value)}
            className="w-full resize-y rounded-md border border-border bg-surface px-3 py-2 text-sm text-fg placeholder:text-fg-muted focus-visible:outline-2 focus-visible:outline-secondary"
          />
          <p className="text-sm font-medium" data-testid="ask-ai-context-count">
            {t('askAi.context', { count: context.length, tokens })}
          </p>
          {context.length === 0 ? (
            <p className="text-sm text-fg-muted">{t('askAi.noContext')}</p>
          ) : (
            <ul className="flex max-h-52 flex-col gap-1 overflow-y-auto rounded-md border border-border p-1">
              {context.map((item) => (
                <li key={item.id} className="flex items-start gap-2 rounded px-2 py-1 text-sm">
                  <span className="min-w-0 flex-1 break-words">
                    <span className="font-medium">{visibleText(item.name)}: </span>
                    <span className="text-fg-muted">{visibleText(item.text)}</span>
                  </span>
                  <Button
                    type="button"
                    variant="ghost"
                    size="icon"
                    className="size-7 shrink-0"
                    aria-label={t('askAi.removeContext')}
                    onClick={() => setContext((items) => items.filter((i) => i.id !== item.id))}
                  >
                    <X aria-hidden className="size-3.5" />
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <p className="text-sm" role="status" data-testid="ask-ai-model">
            {model === null ? (
              <span className="text-fg-muted">{t('askAi.loadingModel')}</span>
            ) : model.ready ? (
              t('askAi.model', { model: model.model, provider: model.provider })
            ) : (
              <>
                {t('askAi.missing', {
                  missing: model.missing
                    .map((part) => t(`askAi.missingParts.${part}`))
                    .join(t('helper.and')),
                })}{' '}
                <Link to={paths.mindBox} className="font-medium text-primary underline">
                  {t('askAi.settings')}
                </Link>
              </>
            )}
          </p>
          {consentOn ? null : <p className="text-sm font-medium">{t('askAi.notOn')}</p>}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              {t('askAi.cancel')}
            </Button>
            <Button type="submit" disabled={!canAsk}>
              {t('askAi.send')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
