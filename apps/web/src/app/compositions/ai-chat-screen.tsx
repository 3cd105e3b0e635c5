import { toolStateKey } from '@confab/protocol/mcp-model-tools';
import { useMemo } from 'react';
import { ChatToolPicker } from '@/features/mcp-tools/components/chat-tool-picker';
import { ChatToolCallCard } from '@/features/mcp-tools/components/chat-tool-call-card';
import { ToolApprovalHost } from '@/features/mcp-tools/components/tool-approval-host';
import { ToolSettingsDialog } from '@/features/mcp-tools/components/tool-settings-dialog';
import { useToolRuntime } from '@/features/mcp-tools/hooks/use-tool-runtime';
import { AiChatPage } from '@/features/ai-chat/routes/ai-chat-page';
import { chatToolApprovals, saveChatToolApprovals } from '@/features/ai-chat/actions/chat-actions';
import { ChatToolsContext } from '@/features/ai-chat/lib/chat-tools-context';
import { PromptSourcesContext } from '@/features/ai-chat/lib/prompt-sources';
import {
  ToolCallViewContext,
  type ToolCallView,
} from '@/features/ai-chat/lib/tool-call-view-context';
import {
  ToolSelectionFieldContext,
  type ToolSelectionField,
} from '@/features/ai-chat/lib/tool-selection-field-context';
import { getSettings, updateSettings } from '@/lib/stored-settings/settings-store';
import { useSettings } from '@/lib/stored-settings/use-settings';
import { loadNamespaces } from '@/lib/i18n/i18n';
import { preloadable } from '@/lib/preloadable';
import { chatToolsFrom } from './chat-tools-adapter';
import { mcpPromptSources } from './prompt-sources-adapter';

// The provider settings, code and texts, load when first opened (or shown in the first-run
// card), not with the page.
const ProviderSettingsPanel = preloadable(async () => {
  const [module] = await Promise.all([
    import('@/features/ai-settings/components/provider-settings-panel'),
    loadNamespaces(['aiSettings']),
  ]);
  return module.ProviderSettingsPanel;
});

const toolCallView: ToolCallView = (call, live) => <ChatToolCallCard call={call} live={live} />;
// Approvals are kept with each chat's data: a reload does not ask again, and they sync with it.
const chatApprovals = { read: chatToolApprovals, write: saveChatToolApprovals };

/**
 * /agents/mindBox composed from its features: the AI chat, its provider settings, and the MCP
 * tools (offered to the model through the chat engine's tools interface, switched on and off in
 * the stored settings' `toolStates`, each call approved in the approval dialog, whose answers
 * are kept with the chat, and shown in the reply as a tool card), each chat's choice of them
 * picked in its settings, and the servers' prompts (the composer's slash commands) and
 * resources (attachments).
 */
export function AiChatScreen() {
  const settings = useSettings();
  const runtime = useToolRuntime(chatApprovals);
  const toolStates = settings.toolStates;
  const toolSelectionField = useMemo<ToolSelectionField>(
    () => (props) => <ChatToolPicker {...props} toolStates={toolStates} />,
    [toolStates],
  );
  const tools = useMemo(() => chatToolsFrom(runtime, () => getSettings().toolStates), [runtime]);
  return (
    <ChatToolsContext.Provider value={tools}>
      <PromptSourcesContext.Provider value={mcpPromptSources}>
        <ToolCallViewContext.Provider value={toolCallView}>
          <ToolSelectionFieldContext.Provider value={toolSelectionField}>
            <AiChatPage
              providerSettings={(provider) => <ProviderSettingsPanel initialProvider={provider} />}
              loadProviderSettings={ProviderSettingsPanel.load}
              setupForm={<ProviderSettingsPanel firstRun />}
              toolbarExtras={
                <ToolSettingsDialog
                  switches={{
                    toolStates: settings.toolStates,
                    onToolStateChange: (server, tool, on) =>
                      void updateSettings((s) => ({
                        ...s,
                        toolStates: { ...s.toolStates, [toolStateKey(server, tool)]: on },
                      })),
                  }}
                />
              }
            />
          </ToolSelectionFieldContext.Provider>
          <ToolApprovalHost />
        </ToolCallViewContext.Provider>
      </PromptSourcesContext.Provider>
    </ChatToolsContext.Provider>
  );
}
