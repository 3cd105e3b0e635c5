import type { McpTool } from '@confab/protocol/mcp';
import { isToolSwitchedOn } from '@confab/protocol/mcp-model-tools';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Switch } from '@/components/ui/switch';

export interface ToolSwitches {
  /** The stored settings' `toolStates`, keyed `{server}.{tool}`; a missing key means on. */
  toolStates: Readonly<Record<string, boolean>>;
  onToolStateChange(server: string, tool: string, on: boolean): void;
}

function ToolRow({ tool, switches }: { tool: McpTool; switches: ToolSwitches }) {
  const { t } = useTranslation('mcpTools');
  const id = useId();
  const on = isToolSwitchedOn(switches.toolStates, tool.server, tool.name);
  return (
    <li className="flex items-start gap-3 py-2">
      <Switch
        id={id}
        checked={on}
        aria-label={t('server.toolSwitch', { tool: tool.name })}
        onCheckedChange={(checked) => switches.onToolStateChange(tool.server, tool.name, checked)}
        className="mt-0.5"
      />
      <label htmlFor={id} className="flex min-w-0 flex-col">
        <span className="font-mono text-xs font-semibold">{tool.name}</span>
        {tool.description ? (
          <span className="line-clamp-2 text-xs text-fg-muted">{tool.description}</span>
        ) : null}
      </label>
    </li>
  );
}

// A server may list a thousand tools: the list grows a page at a time, so that the dialog
// opens at once; the filter finds a tool beyond the first page.
export const toolsPageSize = 20;

/** A server's tools, each with its switch; long lists a page at a time, with a filter. */
export function ServerTools({
  serverName,
  tools,
  switches,
}: {
  serverName: string;
  tools: McpTool[];
  switches: ToolSwitches;
}) {
  const { t } = useTranslation('mcpTools');
  const [shown, setShown] = useState(toolsPageSize);
  const [filter, setFilter] = useState('');
  if (tools.length === 0) return <p className="text-xs text-fg-muted">{t('server.noTools')}</p>;
  const needle = filter.trim().toLowerCase();
  const matching = needle
    ? tools.filter(
        (tool) =>
          tool.name.toLowerCase().includes(needle) ||
          tool.description.toLowerCase().includes(needle),
      )
    : tools;
  const visible = matching.slice(0, shown);
  const rest = matching.length - visible.length;
  return (
    <div className="flex flex-col gap-1">
      {tools.length > toolsPageSize ? (
        <Input
          type="search"
          value={filter}
          onChange={(event) => setFilter(event.target.value)}
          aria-label={t('server.filterTools', { name: serverName })}
          placeholder={t('server.filterTools', { name: serverName })}
          className="h-8 text-xs"
        />
      ) : null}
      <ul aria-label={t('server.tools', { name: serverName })} className="divide-y divide-border">
        {visible.map((tool) => (
          <ToolRow key={tool.name} tool={tool} switches={switches} />
        ))}
      </ul>
      {rest > 0 ? (
        <div className="flex flex-wrap items-center gap-2 text-xs text-fg-muted">
          <span>{t('server.toolsShown', { shown: visible.length, total: matching.length })}</span>
          <Button size="sm" variant="outline" onClick={() => setShown((n) => n + toolsPageSize)}>
            {t('server.showMoreTools', { count: Math.min(rest, toolsPageSize) })}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
