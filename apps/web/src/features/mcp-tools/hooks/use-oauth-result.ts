import {
  mcpOAuthFailureReasons,
  mcpOAuthResultParams,
  type McpOAuthFailureReason,
} from '@confab/protocol/mcp-oauth';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export interface OAuthResult {
  connected: boolean;
  /** The server the sign-in was for; null when the callback could not tell (no session, spent state). */
  server: string | null;
  /**
   * Why the sign-in failed: a reason code the app words itself. Anything else in the address
   * (a crafted link) is `failed`, worded generically, never shown as it came.
   */
  reason: McpOAuthFailureReason | null;
}

const isReason = (value: string | null): value is McpOAuthFailureReason =>
  (mcpOAuthFailureReasons as readonly (string | null)[]).includes(value);

/**
 * The outcome of a sign-in the server's callback sent the browser back with (in the address),
 * and a way to clear it once shown.
 */
export function useOAuthResult(): [OAuthResult | null, () => void] {
  const [params, setParams] = useSearchParams();
  const result = params.get(mcpOAuthResultParams.result);
  const clear = useCallback(
    () =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const name of Object.values(mcpOAuthResultParams)) next.delete(name);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  if (result !== 'connected' && result !== 'failed') return [null, clear];
  const reason = params.get(mcpOAuthResultParams.error);
  return [
    {
      connected: result === 'connected',
      server: params.get(mcpOAuthResultParams.server) || null,
      reason: result === 'connected' ? null : isReason(reason) ? reason : 'failed',
    },
    clear,
  ];
}
