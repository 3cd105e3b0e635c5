import { MessageCircleQuestion } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { McpInputRequestPayload } from '@confab/protocol/mcp-input';
import type { CallInput } from '../stores/input-store';
import { ToolInputForm } from './tool-input-form';
import { ToolInputLink } from './tool-input-link';

/**
 * A server's question during a call, under the call's card: its words as plain text (never
 * markdown or HTML), then the form or the link; or why a question was declined unseen.
 */
export function ToolInput({ input }: { input: CallInput }) {
  const { t } = useTranslation('mcpTools');
  return (
    <>
      {input.refusal && (
        <p
          data-testid="tool-input-refused"
          className="rounded-lg border border-border bg-surface-muted px-3 py-2 text-xs break-words text-fg-muted"
        >
          {t('input.refused', { reason: input.refusal })}
        </p>
      )}
      {input.question && <OpenQuestion question={input.question} />}
    </>
  );
}

function OpenQuestion({ question }: { question: McpInputRequestPayload }) {
  const { t, i18n } = useTranslation('mcpTools');
  const until = new Date(question.expiresAt).toLocaleTimeString(i18n.language, {
    hour: '2-digit',
    minute: '2-digit',
  });
  const title =
    question.mode === 'url'
      ? t('input.linkTitle', { server: question.server })
      : t('input.formTitle', { server: question.server });
  return (
    <section
      data-testid="tool-input"
      aria-label={title}
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-warning/50 bg-surface p-3"
    >
      <h4 className="flex items-center gap-2 text-sm font-semibold">
        <MessageCircleQuestion aria-hidden className="size-4 shrink-0 text-warning" />
        <span className="break-words">{title}</span>
      </h4>
      <p className="max-h-48 overflow-auto text-sm break-words whitespace-pre-wrap">
        {question.message}
      </p>
      {question.mode === 'url' ? (
        <ToolInputLink key={question.requestId} question={question} />
      ) : (
        <ToolInputForm key={question.requestId} question={question} />
      )}
      <p className="text-xs text-fg-muted">{t('input.waitLimit', { time: until })}</p>
    </section>
  );
}
