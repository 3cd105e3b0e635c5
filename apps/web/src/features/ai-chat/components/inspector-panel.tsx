import { useTranslation } from 'react-i18next';
import { useChatStore, type TraceEntry } from '../stores/chat-store';

const none: readonly TraceEntry[] = [];

/** The inspector trace (docs/product.md#browser-storage): label/message entries, newest last. */
export function InspectorPanel({ chatId }: { chatId: string }) {
  const { t, i18n } = useTranslation('mindBox');
  const entries = useChatStore((s) => s.traces[chatId] ?? none);
  if (!entries.length) return <p className="text-sm text-fg-muted">{t('inspector.empty')}</p>;
  return (
    <ol className="flex flex-col gap-2" aria-label={t('inspector.title')}>
      {entries.map((entry, i) => (
        <li key={i} className="rounded-md border border-border p-2 text-xs">
          <div className="flex justify-between gap-2 font-semibold">
            <span>{entry.label}</span>
            <time className="font-normal text-fg-muted">
              {new Date(entry.at).toLocaleTimeString(i18n.language)}
            </time>
          </div>
          <pre className="mt-1 max-h-64 overflow-auto break-all whitespace-pre-wrap text-fg-muted">
            {entry.message}
          </pre>
        </li>
      ))}
    </ol>
  );
}
