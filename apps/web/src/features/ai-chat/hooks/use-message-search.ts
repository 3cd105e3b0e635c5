import { aiHistorySearchQueryMax } from '@confab/protocol/ai-history-search';
import { useEffect, useState } from 'react';
import { searchMessages, type MessageSearchOutcome } from '../lib/message-search';

/** Typing pauses this long before a search leaves. */
export const messageSearchDelayMs = 250;

export type MessageSearchState =
  { status: 'idle' } | { status: 'searching' } | ({ status: 'done' } & MessageSearchOutcome);

/**
 * The AI messages matching what is typed, searched once typing pauses; a newer query cancels
 * the one in flight, so an older answer never replaces a newer one.
 */
export function useMessageSearch(query: string): MessageSearchState {
  const q = query.trim().slice(0, aiHistorySearchQueryMax);
  const [state, setState] = useState<MessageSearchState>({ status: 'idle' });
  useEffect(() => {
    if (!q) {
      setState({ status: 'idle' });
      return;
    }
    setState({ status: 'searching' });
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchMessages(q, controller.signal).then(
        (outcome) => {
          if (!controller.signal.aborted) setState({ status: 'done', ...outcome });
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.warn('[ai-chat] message search failed', error);
          setState({ status: 'done', results: [], source: 'device', complete: false });
        },
      );
    }, messageSearchDelayMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [q]);
  return state;
}
