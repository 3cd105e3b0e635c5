import { useTranslation } from 'react-i18next';
import { useChatStore, type InspectedRequest, type TraceEntry } from '../stores/chat-store';

const noTraces: readonly TraceEntry[] = [];
const noRequests: readonly InspectedRequest[] = [];

function json(value: unknown): string {
  try {
    return typeof value === 'string' ? value : JSON.stringify(value, null, 2);
  } catch {
    return String(value);
  }
}

const pre = 'mt-1 max-h-64 overflow-auto break-all whitespace-pre-wrap text-fg-muted';

function RequestItem({ request }: { request: InspectedRequest }) {
  const { t, i18n } = useTranslation('mindBox');
  const outcome = request.stopped
    ? t('inspector.stopped')
    : request.ok
      ? t('inspector.ok', { status: request.status ?? '' })
      : request.status !== undefined
        ? t('inspector.failedStatus', { status: request.status })
        : t('inspector.failed');
  return (
    <li
      className={`rounded-md border p-2 text-xs ${request.ok || request.stopped ? 'border-border' : 'border-error'}`}
    >
      <div className="flex flex-wrap justify-between gap-2 font-semibold">
        <span>
          {t('inspector.request', { round: request.round })}
          {' · '}
          <span className={request.ok || request.stopped ? 'text-fg-muted' : 'text-error-text'}>
            {outcome}
          </span>
        </span>
        <time className="font-normal text-fg-muted">
          {new Date(request.at).toLocaleTimeString(i18n.language)}
        </time>
      </div>
      {request.error ? <p className="mt-1 break-words text-error-text">{request.error}</p> : null}
      <details className="mt-1">
        <summary className="cursor-pointer">{t('inspector.sent')}</summary>
        <pre className={pre}>{request.body || t('inspector.nothingSent')}</pre>
      </details>
      {request.reasoning ? (
        <section className="mt-1">
          <h4 className="font-semibold">{t('inspector.reasoning')}</h4>
          <pre className={pre}>{request.reasoning}</pre>
        </section>
      ) : null}
      {request.text ? (
        <section className="mt-1">
          <h4 className="font-semibold">{t('inspector.reply')}</h4>
          <pre className={pre}>{request.text}</pre>
        </section>
      ) : null}
      {request.toolCalls.length ? (
        <section className="mt-1">
          <h4 className="font-semibold">{t('inspector.toolCalls')}</h4>
          {request.toolCalls.map((call, i) => (
            <pre key={`${i}:${call.id}`} className={pre}>
              {`${call.name} ${json(call.args)}`}
            </pre>
          ))}
        </section>
      ) : null}
      {request.ok && !request.text && !request.reasoning && !request.toolCalls.length ? (
        <p className="mt-1 text-fg-muted">{t('inspector.emptyReply')}</p>
      ) : null}
      {request.inputTokens || request.outputTokens ? (
        <p className="mt-1 text-fg-muted">
          {t('message.tokens', { input: request.inputTokens, output: request.outputTokens })}
        </p>
      ) : null}
    </li>
  );
}

/**
 * The inspector (docs/product.md#ai-chat): every request to the model in this visit, failed
 * and stopped ones too, each with the body sent, its status or the provider's error, and what
 * came back; then the trace of everything else (usage, tool calls, warnings), newest last.
 */
export function InspectorPanel({ chatId }: { chatId: string }) {
  const { t, i18n } = useTranslation('mindBox');
  const entries = useChatStore((s) => s.traces[chatId] ?? noTraces);
  const requests = useChatStore((s) => s.requests[chatId] ?? noRequests);
  if (!entries.length && !requests.length)
    return <p className="text-sm text-fg-muted">{t('inspector.empty')}</p>;
  return (
    <div className="flex flex-col gap-3">
      {requests.length ? (
        <section className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">{t('inspector.requests')}</h3>
          <ol className="flex flex-col gap-2" aria-label={t('inspector.requests')}>
            {requests.map((request, i) => (
              <RequestItem key={i} request={request} />
            ))}
          </ol>
        </section>
      ) : null}
      {entries.length ? (
        <section className="flex flex-col gap-2">
          <h3 className="text-sm font-semibold">{t('inspector.log')}</h3>
          <ol className="flex flex-col gap-2" aria-label={t('inspector.log')}>
            {entries.map((entry, i) => (
              <li key={i} className="rounded-md border border-border p-2 text-xs">
                <div className="flex justify-between gap-2 font-semibold">
                  <span>{entry.label}</span>
                  <time className="font-normal text-fg-muted">
                    {new Date(entry.at).toLocaleTimeString(i18n.language)}
                  </time>
                </div>
                <pre className={pre}>{entry.message}</pre>
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
