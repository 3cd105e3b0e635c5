import {
  mcpOAuthDisconnectReplySchema,
  mcpOAuthStartReplySchema,
  type McpOAuthDisconnectReply,
} from '@confab/protocol/mcp-oauth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client';
import { assignLocation } from '@/lib/browser-location';
import { mcpQueryKeys } from './query-keys';

// The server asks the authorization server (10 s per request at most by default).
const oauthTimeoutMs = 45_000;

/** `POST /api/mcp/oauth/start` {key}: the URL where the user signs in. */
export async function startMcpOAuth(key: string): Promise<string> {
  const reply = await apiFetch('/api/mcp/oauth/start', {
    method: 'POST',
    body: { key },
    timeoutMs: oauthTimeoutMs,
    parse: (json) => mcpOAuthStartReplySchema.parse(json),
  });
  return reply.authorizationUrl;
}

/** `POST /api/mcp/oauth/disconnect` {key}: the user's tokens forgotten and revoked. */
export function disconnectMcpOAuth(key: string): Promise<McpOAuthDisconnectReply> {
  return apiFetch('/api/mcp/oauth/disconnect', {
    method: 'POST',
    body: { key },
    timeoutMs: oauthTimeoutMs,
    parse: (json) => mcpOAuthDisconnectReplySchema.parse(json),
  });
}

/** Starts a sign-in and sends the browser to the authorization server. */
export function useStartMcpOAuth() {
  return useMutation({
    mutationFn: startMcpOAuth,
    onSuccess: (url) => assignLocation(url),
  });
}

export function useDisconnectMcpOAuth() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disconnectMcpOAuth,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mcpQueryKeys.all }),
  });
}
