import { mcpOAuthResultParams } from '@confab/protocol/mcp-oauth';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

export interface OAuthResult {
  connected: boolean;
  server: string;
  /** Why the sign-in failed, as the server put it. */
  error: string | null;
}

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
  return [
    {
      connected: result === 'connected',
      server: params.get(mcpOAuthResultParams.server) ?? '',
      error: params.get(mcpOAuthResultParams.error),
    },
    clear,
  ];
}
