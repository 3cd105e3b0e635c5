import { useTranslation } from 'react-i18next';

// Deeper than this, a value is shown as its JSON: a tree the width of a phone stays readable.
const maxDepth = 4;
const maxRows = 200;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function Scalar({ value }: { value: unknown }) {
  if (value === null) return <span className="text-fg-muted">null</span>;
  if (typeof value === 'string')
    return <span className="break-words whitespace-pre-wrap">{value}</span>;
  if (typeof value === 'number' || typeof value === 'boolean') {
    return <span className="font-mono">{String(value)}</span>;
  }
  return <span className="font-mono break-all">{JSON.stringify(value)}</span>;
}

/** One value: a table of its keys (or items), nested tables below, plain text at the leaves. */
function Value({ value, depth }: { value: unknown; depth: number }) {
  const { t } = useTranslation('mcpTools');
  const entries: Array<[string, unknown]> | null = isRecord(value)
    ? Object.entries(value)
    : Array.isArray(value)
      ? value.map((item, index) => [String(index), item])
      : null;
  if (!entries || depth >= maxDepth) return <Scalar value={value} />;
  if (entries.length === 0) {
    return <span className="text-fg-muted">{Array.isArray(value) ? '[ ]' : '{ }'}</span>;
  }
  const shown = entries.slice(0, maxRows);
  return (
    <table className="w-full border-collapse text-xs">
      <tbody>
        {shown.map(([key, item]) => (
          <tr key={key} className="border-b border-border align-top last:border-b-0">
            <th
              scope="row"
              className="w-1/3 max-w-40 py-1 pr-2 text-left font-mono font-semibold break-all text-fg-muted"
            >
              {key}
            </th>
            <td className="min-w-0 py-1">
              <Value value={item} depth={depth + 1} />
            </td>
          </tr>
        ))}
        {entries.length > shown.length ? (
          <tr>
            <td colSpan={2} className="py-1 text-fg-muted">
              {t('call.structuredMore', { count: entries.length - shown.length })}
            </td>
          </tr>
        ) : null}
      </tbody>
    </table>
  );
}

/**
 * A tool's structured result, readable: keys and values as a table (nested objects as tables
 * inside), with the raw JSON a click away. Everything is React text, never markup.
 */
export function StructuredContentView({ value }: { value: Record<string, unknown> }) {
  const { t } = useTranslation('mcpTools');
  return (
    <section
      aria-label={t('call.structured')}
      data-testid="structured-content"
      className="flex flex-col gap-1 rounded-md border border-border p-2"
    >
      <h5 className="text-xs font-semibold text-fg-muted">{t('call.structured')}</h5>
      <Value value={value} depth={0} />
      <details className="text-xs">
        <summary className="cursor-pointer text-fg-muted">{t('call.rawJson')}</summary>
        <pre className="mt-1 max-h-60 overflow-auto rounded-md bg-surface-muted p-2 font-mono break-words whitespace-pre-wrap">
          {JSON.stringify(value, null, 2)}
        </pre>
      </details>
    </section>
  );
}
