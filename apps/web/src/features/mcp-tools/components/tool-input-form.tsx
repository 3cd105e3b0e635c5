import type {
  McpInputContent,
  McpInputProblem,
  McpInputRequestPayload,
} from '@confab/protocol/mcp-input';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { initialValues, problemMessage, readForm, type FormValues } from '../lib/input-form';
import { answerInput } from '../stores/input-store';
import { ToolInputField } from './tool-input-field';

type FormQuestion = Extract<McpInputRequestPayload, { mode: 'form' }>;

/**
 * A server's question as a form built from its fields. The answer is checked here with the
 * server's own rules, then by the server; a refusal names the fields and the form stays.
 */
export function ToolInputForm({ question }: { question: FormQuestion }) {
  const { t } = useTranslation('mcpTools');
  const id = useId();
  const [values, setValues] = useState<FormValues>(() => initialValues(question.fields));
  const [problems, setProblems] = useState<Record<string, McpInputProblem>>({});
  const [refused, setRefused] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(action: 'accept' | 'decline' | 'cancel', content?: McpInputContent) {
    setBusy(true);
    setFailure(null);
    try {
      const reply = await answerInput({
        requestId: question.requestId,
        action,
        ...(content && { content }),
      });
      if (!reply.ok) {
        setRefused(reply.error.fields ?? {});
        setFailure(reply.error.message);
      }
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const read = readForm(question.fields, values);
    if ('problems' in read) {
      setProblems(read.problems);
      return;
    }
    setProblems({});
    setRefused({});
    void send('accept', read.content);
  }

  const problemText = (name: string): string | null => {
    const problem = problems[name];
    if (problem) {
      const [key, options] = problemMessage(problem);
      return t(key, options);
    }
    return refused[name] ?? null;
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-3" aria-busy={busy}>
      {question.fields.map((field) => (
        <ToolInputField
          key={field.name}
          id={`${id}-${field.name}`}
          field={field}
          value={values[field.name]}
          problem={problemText(field.name)}
          onChange={(value) => setValues((current) => ({ ...current, [field.name]: value }))}
        />
      ))}
      {failure ? (
        <p role="alert" className="text-sm break-words text-error-text">
          {t('input.failed', { message: failure })}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="ghost" disabled={busy} onClick={() => void send('cancel')}>
          {t('input.cancel')}
        </Button>
        <Button
          type="button"
          variant="outline"
          disabled={busy}
          onClick={() => void send('decline')}
        >
          {t('input.decline')}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? t('input.sending') : t('input.send')}
        </Button>
      </div>
    </form>
  );
}
