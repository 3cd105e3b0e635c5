import { ProviderSettingsPanel } from '@/features/ai-settings/components/provider-settings-panel';
import { MindBoxPage } from '@/features/mind-box/routes/mind-box-page';

/**
 * /agents/mindBox composed from its features: the AI chat with the provider settings screen.
 * The MCP tools plug in here: a ChatToolsContext provider around the page (the engine's tools)
 * and their states as a section of the settings screen.
 */
export function MindBoxScreen() {
  return <MindBoxPage providerSettings={<ProviderSettingsPanel />} />;
}
