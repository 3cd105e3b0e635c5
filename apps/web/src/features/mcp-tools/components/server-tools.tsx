import type { McpTool } from '@confab/protocol/mcp';
import { isToolSwitchedOn } from '@confab/protocol/mcp-model-tools';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
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

/** A server's tools, each with its switch. */
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
  if (tools.length === 0) return <p className="text-xs text-fg-muted">{t('server.noTools')}</p>;
  return (
    <ul aria-label={t('server.tools', { name: serverName })} className="divide-y divide-border">
      {tools.map((tool) => (
        <ToolRow key={tool.name} tool={tool} switches={switches} />
      ))}
    </ul>
  );
}
