import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { callMcpTool } from '../api/call-tool';
import { mcpOfferQueryOptions } from '../api/offer';
import { createToolRuntime, type ApprovalStore, type ToolRuntime } from '../lib/tool-runtime';
import { requestApproval } from '../stores/approval-store';
import { newCallId, trackCallInput } from '../stores/input-store';

/**
 * Tool runtime bound to the server's API and the approval dialog (render <ToolApprovalHost/>).
 * The offer is read through the query client: one request, cached between prompts and
 * refreshed when the servers change.
 */
export function createBrowserToolRuntime(
  queryClient: QueryClient,
  approvals?: ApprovalStore,
): ToolRuntime {
  return createToolRuntime({
    loadOffer: () => queryClient.fetchQuery(mcpOfferQueryOptions),
    callTool: callMcpTool,
    askApproval: requestApproval,
    trackInput: trackCallInput,
    newCallId,
    approvals,
  });
}

/**
 * One runtime per mounted chat screen; `approvals` keeps each chat's approvals (with the chat's
 * data, so they outlast the screen), the screen's memory when not given.
 */
export function useToolRuntime(approvals?: ApprovalStore): ToolRuntime {
  const queryClient = useQueryClient();
  const [runtime] = useState(() => createBrowserToolRuntime(queryClient, approvals));
  return runtime;
}
