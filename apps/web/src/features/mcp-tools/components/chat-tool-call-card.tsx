import type { ToolCallRecord } from '@confab/protocol/ai-chat';
import { parseModelToolName } from '@confab/protocol/mcp-model-tools';
import { toolSearchName } from '@confab/protocol/mcp-tool-selection';
import { readToolArgs } from '../lib/tool-runtime';
import { useApprovalStore } from '../stores/approval-store';
import { useInputStore } from '../stores/input-store';
import { ToolCallCard, type ToolCallCardStatus, type ToolCallView } from './tool-call-card';
import { ToolInput } from './tool-input';
import { ToolSearchCard } from './tool-search-card';

/** Where a call of a reply has got, from what the chat stored of it. */
export function toolCallCardView(
  call: ToolCallRecord,
  live: boolean,
  waiting: boolean,
  asking = false,
): ToolCallView {
  const parsed = parseModelToolName(call.name);
  const args = readToolArgs(call.args);
  let status: ToolCallCardStatus;
  if (!call.outcome)
    status = !live ? 'stopped' : waiting ? 'waiting' : asking ? 'asking' : 'running';
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

/**
 * A tool call of an AI chat reply as a tool card; it says so while the call waits for approval,
 * and shows under it what the server asks the user during the call.
 */
export function ChatToolCallCard({ call, live }: { call: ToolCallRecord; live: boolean }) {
  const waiting = useApprovalStore((state) =>
    state.queue.some((item) => item.request.callId === call.id),
  );
  const input = useInputStore((state) => state.inputs[call.id]);
  if (call.name === toolSearchName) return <ToolSearchCard call={call} live={live} />;
  const asking = input?.question !== undefined;
  const card = <ToolCallCard call={toolCallCardView(call, live, waiting, asking)} />;
  if (!input) return card;
  return (
    <div className="flex min-w-0 flex-col gap-1">
      {card}
      <ToolInput input={input} />
    </div>
  );
}
