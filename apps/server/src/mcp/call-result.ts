import type { CallToolResult } from '@modelcontextprotocol/client';
import { mcpContentSchema, type McpCallReply, type McpContent } from '@confab/protocol/mcp';
import { AppError } from '../lib/app-error';
import { McpCallTimeoutError, McpServerError, McpUnavailableError } from './connection';

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KiB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** Content of a type this version does not know is kept, as its JSON text, rather than lost. */
function knownContent(item: unknown): McpContent {
  const parsed = mcpContentSchema.safeParse(item);
  return parsed.success ? parsed.data : { type: 'text', text: JSON.stringify(item) };
}

interface ReplyContext {
  server: string;
  tool: string;
  durationMs: number;
  maxBytes: number;
}

/**
 * The reply to a tool call, content types kept as the server sent them. A result larger than
 * the limit is refused whole: a model given a silently cut result would reason from half of it.
 */
export function toCallReply(result: CallToolResult, context: ReplyContext): McpCallReply {
  // Servers of protocol version 2024-10-07 answer with `toolResult` instead of content.
  const raw: unknown[] = Array.isArray(result.content)
    ? result.content
    : [
        {
          type: 'text',
          text: JSON.stringify((result as { toolResult?: unknown }).toolResult ?? null),
        },
      ];
  const structured =
    result.structuredContent && typeof result.structuredContent === 'object'
      ? (result.structuredContent as Record<string, unknown>)
      : undefined;
  const size =
    Buffer.byteLength(JSON.stringify(raw)) +
    (structured ? Buffer.byteLength(JSON.stringify(structured)) : 0);
  if (size > context.maxBytes) {
    throw new AppError(
      502,
      'BAD_GATEWAY',
      `The result of tool "${context.tool}" on MCP server "${context.server}" is ${formatBytes(size)}, more than the ${formatBytes(context.maxBytes)} limit; it was not returned`,
    );
  }
  return {
    content: raw.map(knownContent),
    isError: result.isError === true,
    ...(structured && { structuredContent: structured }),
    durationMs: context.durationMs,
  };
}

/**
 * `MCP server "x" is unavailable`, with the reason for administrators only: it names the
 * server's address and what went wrong there.
 */
export function unavailable(server: string, reason: string | null): AppError {
  const why = reason ? `: ${reason}` : '';
  return new AppError(502, 'BAD_GATEWAY', `MCP server "${server}" is unavailable${why}`);
}

/** A failed call as the error the client reads (`admin`: with the reason it is unavailable). */
export function toCallError(error: unknown, server: string, tool: string, admin: boolean): unknown {
  if (error instanceof AppError) return error;
  if (error instanceof McpCallTimeoutError) {
    return new AppError(
      504,
      'TIMEOUT',
      `Tool "${tool}" on MCP server "${server}": ${error.message}`,
    );
  }
  if (error instanceof McpUnavailableError)
    return unavailable(server, admin ? error.message : null);
  if (error instanceof McpServerError) {
    return new AppError(
      502,
      'BAD_GATEWAY',
      `MCP server "${server}" refused the call to "${tool}": ${error.message}`,
    );
  }
  if (error instanceof Error && error.name === 'AbortError') {
    return new AppError(400, 'REQUEST_ERROR', 'The call was cancelled by the client');
  }
  return error;
}
