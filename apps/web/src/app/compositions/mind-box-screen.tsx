import { toolStateKey } from '@confab/protocol/mcp-model-tools';
import { useState } from 'react';
import { ToolSettingsDialog } from '@/features/mcp-tools/components/tool-settings-dialog';
import { MindBoxPage } from '@/features/mind-box/routes/mind-box-page';

/**
 * /agents/mindBox: the AI chat with its tool settings beside it. The tool switches belong in
 * the stored settings' `toolStates` (IndexedDB), which the AI chat's settings store will hold;
 * until it does, they last as long as the screen.
 */
export function MindBoxScreen() {
  const [toolStates, setToolStates] = useState<Record<string, boolean>>({});
  return (
    <>
      <div className="mx-auto flex w-full justify-end pb-2 lg:w-[60vw]">
        <ToolSettingsDialog
          switches={{
            toolStates,
            onToolStateChange: (server, tool, on) =>
              setToolStates((current) => ({ ...current, [toolStateKey(server, tool)]: on })),
          }}
        />
      </div>
      <MindBoxPage />
    </>
  );
}
