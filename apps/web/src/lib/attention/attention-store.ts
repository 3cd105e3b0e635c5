import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

/**
 * What waits for the user (docs/product.md#notifications): unread messages in chats that are
 * not muted, and friend requests to answer. The notifications feature keeps it current; the
 * navigation's badges and the tab's title read it.
 */
export interface AttentionState {
  unreadMessages: number;
  pendingRequests: number;
}

export const attentionStore = createStore<AttentionState>()(() => ({
  unreadMessages: 0,
  pendingRequests: 0,
}));

export function useAttention<T>(select: (state: AttentionState) => T): T {
  return useStore(attentionStore, select);
}
