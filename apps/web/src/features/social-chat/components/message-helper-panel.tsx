import { Check, Copy, Square, X } from 'lucide-react';
import { Suspense, useContext, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { AiMarkdownSlot } from '@/lib/ai-bridge/ai-bridge';
import { paths } from '@/lib/paths';
import type { HelperAnswer } from '../hooks/use-message-helper';
import { useMessageHelperContext } from './message-helper-context';

/** Model output through the AI chat's sanitised markdown; plain text where there is none. */
function AnswerText({ text, streaming }: { text: string; streaming: boolean }) {
  const Markdown = useContext(AiMarkdownSlot);
  const plain = <p className="whitespace-pre-wrap break-words">{text}</p>;
  if (!Markdown) return plain;
  return (
    <Suspense fallback={plain}>
      <Markdown text={text} streaming={streaming} />
    </Suspense>
  );
}

function CopyButton({ text }: { text: string }) {
  const { t } = useTranslation('socialChat');
  const [copied, setCopied] = useState(false);
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={() =>
        void navigator.clipboard?.writeText(text).then(() => {
          setCopied(true);
          setTimeout(() => setCopied(false), 1500);
        })
      }
    >
      {copied ? <Check aria-hidden className="size-4" /> : <Copy aria-hidden className="size-4" />}
      {copied ? t('helper.copied') : t('helper.copy')}
    </Button>
  );
}

/** The editable draft, the button that puts it into the composer (it is not sent), and Copy. */
function DraftEditor({ answer }: { answer: HelperAnswer }) {
  const { t } = useTranslation('socialChat');
  const value = useMessageHelperContext();
  const [draft, setDraft] = useState(answer.text);
  if (!value) return null;
  return (
    <div className="flex flex-col gap-2">
      <textarea
        aria-label={t('helper.draftLabel')}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        rows={3}
        className="w-full resize-y rounded-md border border-border bg-surface px-2 py-1.5 text-sm text-fg focus-visible:outline-2 focus-visible:outline-secondary"
      />
      <div className="flex flex-wrap items-center gap-1">
        <Button
          size="sm"
          disabled={!draft.trim()}
          onClick={() => value.useDraft(answer.message, draft.trim())}
        >
          {t('helper.useDraft')}
        </Button>
        <CopyButton text={draft} />
      </div>
    </div>
  );
}

/**
 * The private answer under a message (docs/product.md#message-helper): only this user sees
 * it. It takes the focus when it opens (the menu gives it); Escape closes it and gives the
 * focus back to the message's menu button. A polite status announces when the answer is
 * complete.
 */
export function MessageHelperPanel({ answer }: { answer: HelperAnswer }) {
  const { t } = useTranslation('socialChat');
  const value = useMessageHelperContext();
  const titleId = useId();
  const messageId = answer.message.id;
  const action = answer.action;
  if (!value) return null;
  const { helper } = value;
  const close = () => {
    helper.close();
    document
      .getElementById(`message-${messageId}`)
      ?.querySelector<HTMLElement>('[aria-haspopup="menu"]')
      ?.focus();
  };
  const streaming = answer.phase === 'streaming' || answer.phase === 'checking';
  const finished = answer.phase === 'done' || answer.phase === 'stopped';
  const editingDraft = action === 'draft' && finished && answer.text !== '' && value.canDraft;
  const missing = answer.missing.map((m) => t(`helper.missingPart.${m}`)).join(t('helper.and'));

  return (
    <section
      tabIndex={-1}
      data-message-helper
      aria-labelledby={titleId}
      data-testid="message-helper"
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.stopPropagation();
        close();
      }}
      className="mt-1 flex w-full max-w-[min(36rem,100%)] flex-col gap-2 rounded-xl border border-border bg-surface p-3 text-sm text-fg shadow-sm focus-visible:outline-2 focus-visible:outline-secondary"
    >
      <header className="flex flex-wrap items-center gap-x-2 gap-y-1">
        <h3 id={titleId} className="font-semibold">
          {t(`helper.title.${action}`)}
        </h3>
        {answer.model ? (
          <span className="min-w-0 break-words text-xs text-fg-muted">
            {answer.provider} · {answer.model}
          </span>
        ) : null}
        <span className="text-xs text-fg-muted">{t('helper.private')}</span>
      </header>
      {answer.phase === 'missing' ? (
        <Alert variant="warning" title={t('helper.notSetUp')}>
          <p>{t('helper.needs', { provider: answer.provider, missing })}</p>
          <Link
            to={paths.mindBox}
            className={buttonClasses({ variant: 'outline', size: 'sm', className: 'mt-2' })}
          >
            {t('helper.openSettings')}
          </Link>
        </Alert>
      ) : null}
      {answer.phase === 'failed' ? (
        <Alert variant="error" title={t('helper.failed')}>
          <p className="break-words">{answer.failure}</p>
        </Alert>
      ) : null}
      {/* A finished draft shows once, in its editor. */}
      {answer.text && !editingDraft ? (
        <div data-testid="message-helper-answer" className="min-w-0 break-words">
          <AnswerText text={answer.text} streaming={streaming} />
        </div>
      ) : answer.phase === 'checking' || answer.phase === 'streaming' ? (
        <p className="text-fg-muted">{t('helper.thinking')}</p>
      ) : null}
      {editingDraft ? <DraftEditor key={answer.text} answer={answer} /> : null}
      <p role="status" className="sr-only">
        {answer.phase === 'done'
          ? t('helper.done')
          : answer.phase === 'stopped'
            ? t('helper.stopped')
            : answer.phase === 'failed'
              ? t('helper.failedStatus')
              : ''}
      </p>
      {answer.phase === 'stopped' ? (
        <p className="text-xs text-fg-muted">{t('helper.stopped')}</p>
      ) : null}
      <div className="flex flex-wrap items-center gap-1">
        {streaming ? (
          <Button variant="outline" size="sm" onClick={helper.stop}>
            <Square aria-hidden className="size-3.5" />
            {t('helper.stop')}
          </Button>
        ) : null}
        {/* A draft being edited is copied as it now reads, beside its editor. */}
        {answer.text && !editingDraft ? <CopyButton text={answer.text} /> : null}
        <Button variant="ghost" size="sm" onClick={close}>
          <X aria-hidden className="size-4" />
          {t('helper.close')}
        </Button>
      </div>
    </section>
  );
}
