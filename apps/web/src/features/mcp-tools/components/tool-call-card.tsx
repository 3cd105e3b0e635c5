import type { McpCallReply } from '@confab/protocol/mcp';
import { modelToolName } from '@confab/protocol/mcp-model-tools';
import { Wrench } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeVariant } from '@/components/ui/badge';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { ToolResultContent } from './tool-result-content';

export type ToolCallCardStatus =
  'waiting' | 'asking' | 'running' | 'done' | 'error' | 'denied' | 'stopped';

/** A tool call in a reply, as far as it has got. */
export interface ToolCallView {
  server: string | null;
  tool: string;
  args: Record<string, unknown> | null;
  status: ToolCallCardStatus;
  result?: McpCallReply | null;
  error?: string | null;
  durationMs?: number;
}

const badges: Record<ToolCallCardStatus, BadgeVariant> = {
  waiting: 'warning',
  asking: 'warning',
  running: 'info',
  done: 'success',
  error: 'error',
  denied: 'neutral',
  stopped: 'neutral',
};

/** A collapsible card: the tool's name, its arguments, then its result or error and how long it took. */
export function ToolCallCard({
  call,
  defaultOpen = false,
}: {
  call: ToolCallView;
  defaultOpen?: boolean;
}) {
  const { t } = useTranslation('mcpTools');
  const name = call.server ? modelToolName(call.server, call.tool) : call.tool;
  const toolFailed = call.result?.isError === true;
  return (
    <details
      data-testid="tool-call"
      open={defaultOpen}
      className={cn(
        'group rounded-lg border bg-surface text-sm',
        call.status === 'error' ? 'border-error/50' : 'border-border',
      )}
    >
      <summary className="flex cursor-pointer list-none items-center gap-2 px-3 py-2">
        <Wrench aria-hidden className="size-4 shrink-0 text-fg-muted" />
        <span className="truncate font-mono text-xs font-semibold">{name}</span>
        <Badge variant={badges[call.status]} className="shrink-0 whitespace-nowrap">
          {t(`call.status.${call.status}`)}
        </Badge>
        {call.status === 'running' ? (
          <Spinner label={t('call.status.running')} className="size-3" />
        ) : null}
        {call.durationMs !== undefined && call.status !== 'running' ? (
          <span className="ml-auto text-xs text-fg-muted">
            {t('call.duration', { seconds: (call.durationMs / 1000).toFixed(2) })}
          </span>
        ) : null}
      </summary>
      <div className="flex flex-col gap-3 border-t border-border px-3 py-2">
        <section className="flex flex-col gap-1">
          <h4 className="text-xs font-semibold text-fg-muted">{t('call.arguments')}</h4>
          <pre className="max-h-60 overflow-auto rounded-md bg-surface-muted p-2 font-mono text-xs whitespace-pre-wrap break-words">
            {JSON.stringify(call.args ?? {}, null, 2)}
          </pre>
        </section>
        {call.result ? (
          <section className="flex flex-col gap-1">
            <h4
              className={cn(
                'text-xs font-semibold',
                toolFailed ? 'text-error-text' : 'text-fg-muted',
              )}
            >
              {toolFailed ? t('call.toolError') : t('call.result')}
            </h4>
            <ToolResultContent
              content={call.result.content}
              structuredContent={call.result.structuredContent}
              tool={name}
              server={call.server}
            />
          </section>
        ) : null}
        {call.error ? (
          <section className="flex flex-col gap-1">
            <h4 className="text-xs font-semibold text-error-text">{t('call.error')}</h4>
            <p className="text-sm whitespace-pre-wrap text-error-text">{call.error}</p>
          </section>
        ) : null}
      </div>
    </details>
  );
}
