import { useState } from 'react';

/**
 * The message list's key: a new list (its scroll place and measured rows reset) for each chat
 * opened after another, but the same list when a chat is made from none open, so that a first
 * prompt sent with no chat open is added to the list that was showing instead of mounting one.
 */
export function useMessageListKey(activeId: string | null): number {
  const [seen, setSeen] = useState({ chat: activeId, key: 0 });
  if (activeId !== null && activeId !== seen.chat) {
    // React's pattern for state that follows a change of props: set during the render, whose
    // output React throws away to render again at once with the new state.
    setSeen({ chat: activeId, key: seen.chat === null ? seen.key : seen.key + 1 });
  }
  return seen.key;
}
