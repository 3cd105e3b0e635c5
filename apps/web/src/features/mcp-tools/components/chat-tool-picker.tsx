import type { McpOfferedTool } from '@confab/protocol/mcp';
import { isToolSwitchedOn } from '@confab/protocol/mcp-model-tools';
import { isToolSelected, toolSearchThreshold } from '@confab/protocol/mcp-tool-selection';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { mcpOfferQueryOptions } from '../api/offer';
import { selectedCount, setServerSelected, setToolSelected } from '../lib/tool-selection-edit';

interface PickerProps {
  value: string[] | undefined;
  onChange: (value: string[] | undefined) => void;
  disabled: boolean;
  /** The stored settings' switches: a tool switched off there is never offered. */
  toolStates: Readonly<Record<string, boolean>>;
}

function ServerBox({
  label,
  checked,
  mixed,
  disabled,
  onChange,
}: {
  label: string;
  checked: boolean;
  mixed: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = mixed;
  }, [mixed]);
  return (
    <label className="flex min-w-0 items-center gap-2 text-sm font-medium">
      <input
        ref={ref}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span className="truncate">{label}</span>
    </label>
  );
}

/**
 * The chat settings' choice of the servers and tools this chat offers the model
 * (docs/product.md#tool-selection): all by default; ticking a server takes its every tool.
 */
export function ChatToolPicker({ value, onChange, disabled, toolStates }: PickerProps) {
  const { t } = useTranslation('mcpTools');
  const offer = useQuery(mcpOfferQueryOptions);
  const tools: McpOfferedTool[] = (offer.data?.tools ?? []).filter((tool) =>
    isToolSwitchedOn(toolStates, tool.server, tool.name),
  );
  const servers = [...new Map(tools.map((tool) => [tool.server, tool.serverName])).entries()];
  const count = selectedCount(value, tools);
  return (
    <fieldset className="flex min-w-0 flex-col gap-2" disabled={disabled}>
      <legend className="mb-1 text-sm font-medium">{t('selection.legend')}</legend>
      {offer.isPending ? (
        <p className="text-xs text-fg-muted">{t('selection.loading')}</p>
      ) : offer.isError ? (
        <p role="alert" className="text-xs text-error-text">
          {t('selection.failed')}
        </p>
      ) : !tools.length ? (
        <p className="text-xs text-fg-muted">{t('selection.noServers')}</p>
      ) : (
        <>
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              checked={value === undefined}
              // Unticked, the user picks from nothing: a chat is usually narrowed to a few tools.
              onChange={(e) => onChange(e.target.checked ? undefined : [])}
            />
            {t('selection.all')}
          </label>
          <ul className="flex flex-col gap-1" aria-label={t('selection.servers')}>
            {servers.map(([server, serverName]) => {
              const own = tools.filter((tool) => tool.server === server);
              const on = own.filter((tool) => isToolSelected(value, server, tool.name));
              return (
                <li key={server} className="rounded-md border border-border px-2 py-1">
                  <ServerBox
                    label={serverName}
                    checked={on.length === own.length}
                    mixed={on.length > 0 && on.length < own.length}
                    disabled={disabled}
                    onChange={(checked) =>
                      onChange(setServerSelected(value, tools, server, checked))
                    }
                  />
                  <details className="ml-6">
                    <summary className="cursor-pointer text-xs text-fg-muted">
                      {t('selection.toolsOf', { count: on.length, total: own.length })}
                    </summary>
                    <ul
                      className="flex flex-col gap-1 py-1"
                      aria-label={t('selection.toolsOfServer', { name: serverName })}
                    >
                      {own.map((tool) => (
                        <li key={tool.name}>
                          <label className="flex min-w-0 items-start gap-2 text-xs">
                            <input
                              type="checkbox"
                              className="mt-0.5"
                              checked={isToolSelected(value, server, tool.name)}
                              onChange={(e) =>
                                onChange(
                                  setToolSelected(
                                    value,
                                    tools,
                                    server,
                                    tool.name,
                                    e.target.checked,
                                  ),
                                )
                              }
                            />
                            <span className="font-mono break-all">{tool.name}</span>
                          </label>
                        </li>
                      ))}
                    </ul>
                  </details>
                </li>
              );
            })}
          </ul>
          <p aria-live="polite" className="text-xs text-fg-muted">
            {count > toolSearchThreshold
              ? t('selection.countSearch', { count, threshold: toolSearchThreshold })
              : t('selection.count', { count })}
          </p>
        </>
      )}
    </fieldset>
  );
}
