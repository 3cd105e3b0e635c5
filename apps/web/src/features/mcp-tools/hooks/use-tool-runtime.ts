import { useState } from 'react';
import { callMcpTool } from '../api/call-tool';
import { fetchMcpConfig } from '../api/get-config';
import { fetchMcpTools } from '../api/tools';
import { createToolRuntime, type ToolRuntime } from '../lib/tool-runtime';
import { requestApproval } from '../stores/approval-store';

/** Tool runtime bound to the server's API and the approval dialog (render <ToolApprovalHost/>). */
export function createBrowserToolRuntime(): ToolRuntime {
  return createToolRuntime({
    loadConfig: fetchMcpConfig,
    loadTools: fetchMcpTools,
    callTool: callMcpTool,
    askApproval: requestApproval,
  });
}

/** One runtime per mounted chat screen, so "allow for this chat" lasts as long as it. */
export function useToolRuntime(): ToolRuntime {
  const [runtime] = useState(createBrowserToolRuntime);
  return runtime;
}
