import {
  mcpCallReplySchema,
  mcpLimits,
  type McpCallBody,
  type McpCallReply,
} from '@confab/protocol/mcp';
import { mcpInputLimits } from '@confab/protocol/mcp-input';
import { apiFetch } from '@/lib/api-client';

// A call the server may ask the user about waits while they answer (the server's deadline
// stands still; each question has its own limit): the browser allows for a few questions.
const askingAllowanceMs = mcpInputLimits.waitMs * 3;

/**
 * `POST /api/mcp/call`. The server cancels a tool after its own timeout (60 s by default, the
 * config's `limits.callTimeoutMs`); the browser waits a little longer so it reads that error
 * rather than timing out first. Aborting `signal` (the stop button) cancels the call on the
 * server too.
 */
export function callMcpTool(
  body: McpCallBody,
  options: { signal?: AbortSignal; serverTimeoutMs?: number } = {},
): Promise<McpCallReply> {
  return apiFetch('/api/mcp/call', {
    method: 'POST',
    body,
    signal: options.signal,
    timeoutMs:
      (options.serverTimeoutMs ?? mcpLimits.callTimeoutMs) +
      10_000 +
      (body.callId ? askingAllowanceMs : 0),
    parse: (json) => mcpCallReplySchema.parse(json),
  });
}
