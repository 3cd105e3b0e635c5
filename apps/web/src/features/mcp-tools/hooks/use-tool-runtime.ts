import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callMcpTool } from '../api/call-tool';
import { mcpOfferQueryOptions } from '../api/offer';
import { createToolRuntime, type ToolRuntime } from '../lib/tool-runtime';
import { requestApproval } from '../stores/approval-store';

/**
 * Tool runtime bound to the server's API and the approval dialog (render <ToolApprovalHost/>).
 * The offer is read through the query client: one request, cached between prompts and
 * refreshed when the servers change.
 */
export function createBrowserToolRuntime(queryClient: QueryClient): ToolRuntime {
  return createToolRuntime({
    loadOffer: () => queryClient.fetchQuery(mcpOfferQueryOptions),
    callTool: callMcpTool,
    askApproval: requestApproval,
  });
}

/** One runtime per mounted chat screen, so "allow for this chat" lasts as long as it. */
export function useToolRuntime(): ToolRuntime {
  const queryClient = useQueryClient();
  const [runtime] = useState(() => createBrowserToolRuntime(queryClient));
  return runtime;
}
