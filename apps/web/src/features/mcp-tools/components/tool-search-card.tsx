import type { ToolCallRecord } from '@confab/protocol/ai-chat';
import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { readToolArgs } from '../lib/tool-runtime';
import { foundToolsOf } from '../lib/tool-search';

/**
 * The search step of a reply (docs/product.md#tool-selection): what the model looked for and
 * the tools it found, which it could call from then on.
 */
export function ToolSearchCard({ call, live }: { call: ToolCallRecord; live: boolean }) {
  const { t } = useTranslation('mcpTools');
  const args = readToolArgs(call.args);
  const query = typeof args === 'string' || typeof args.query !== 'string' ? '' : args.query;
  const server = typeof args === 'string' || typeof args.server !== 'string' ? '' : args.server;
  const found = call.outcome === 'result' ? foundToolsOf(call.output ?? '') : [];
  const status = !call.outcome
    ? live
      ? 'running'
      : 'stopped'
    : call.outcome === 'result'
      ? 'done'
      : 'error';
  return (
    <details
      data-testid="tool-call"
      className={cn(
        'group rounded-lg border bg-surface text-sm',
        status === 'error' ? 'border-error/50' : 'border-border',
      )}
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 px-3 py-2">
        <Search aria-hidden className="size-4 shrink-0 text-fg-muted" />
        <span className="min-w-0 text-xs font-semibold break-words">
          {t('search.title', { query })}
        </span>
        {status === 'done' ? (
          <Badge variant="success" className="shrink-0 whitespace-nowrap">
            {t('search.foundCount', { count: found.length })}
          </Badge>
        ) : (
          <Badge
            variant={status === 'error' ? 'error' : status === 'running' ? 'info' : 'neutral'}
            className="shrink-0 whitespace-nowrap"
          >
            {t(`call.status.${status}`)}
          </Badge>
        )}
        {status === 'running' ? (
          <Spinner label={t('call.status.running')} className="size-3" />
        ) : null}
      </summary>
      <div className="flex flex-col gap-2 border-t border-border px-3 py-2">
        {server ? <p className="text-xs text-fg-muted">{t('search.server', { server })}</p> : null}
        {status === 'error' ? (
          <p className="text-sm whitespace-pre-wrap text-error-text">{call.error ?? call.output}</p>
        ) : null}
        {status === 'done' && !found.length ? (
          <p className="text-sm text-fg-muted">{t('search.none')}</p>
        ) : null}
        {found.length ? (
          <ul className="flex flex-col gap-1" aria-label={t('search.foundList')}>
            {found.map((tool) => (
              <li key={tool.name} className="flex min-w-0 flex-col">
                <span className="font-mono text-xs font-semibold break-all">{tool.name}</span>
                <span className="text-xs break-words text-fg-muted">{tool.description}</span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </details>
  );
}
