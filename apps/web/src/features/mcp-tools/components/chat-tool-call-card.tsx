import type { ToolCallRecord } from '@confab/protocol/ai-chat';
import { parseModelToolName } from '@confab/protocol/mcp-model-tools';
import { toolSearchName } from '@confab/protocol/mcp-tool-selection';
import { readToolArgs } from '../lib/tool-runtime';
import { useApprovalStore } from '../stores/approval-store';
import { ToolCallCard, type ToolCallCardStatus, type ToolCallView } from './tool-call-card';
import { ToolSearchCard } from './tool-search-card';

/** Where a call of a reply has got, from what the chat stored of it. */
export function toolCallCardView(
  call: ToolCallRecord,
  live: boolean,
  waiting: boolean,
): ToolCallView {
  const parsed = parseModelToolName(call.name);
  const args = readToolArgs(call.args);
  let status: ToolCallCardStatus;
  if (!call.outcome) status = !live ? 'stopped' : waiting ? 'waiting' : 'running';
  else if (call.outcome === 'denied') status = 'denied';
  else if (call.outcome === 'error' || call.result?.isError) status = 'error';
  else status = 'done';
  return {
    server: parsed?.client ?? null,
    tool: parsed?.toolName ?? call.name,
    args: typeof args === 'string' ? { arguments: call.args } : args,
    status,
    result: call.result ?? null,
    // A tool's own error is in its result; a denial shows as the status alone.
    error: call.outcome === 'error' && !call.result ? (call.error ?? call.output ?? null) : null,
    durationMs: call.durationMs,
  };
}

/** A tool call of an AI chat reply as a tool card; it says so while the call waits for approval. */
export function ChatToolCallCard({ call, live }: { call: ToolCallRecord; live: boolean }) {
  const waiting = useApprovalStore((state) =>
    state.queue.some((item) => item.request.callId === call.id),
  );
  if (call.name === toolSearchName) return <ToolSearchCard call={call} live={live} />;
  return <ToolCallCard call={toolCallCardView(call, live, waiting)} />;
}
