import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useSocketConnected } from '@/lib/realtime/use-connection-status';
import { useRealtimeEvent, useRealtimeReconnect } from '@/lib/realtime/use-realtime-event';
import { isCurrentPresence } from './presence-order';
import { presenceQueryOptions } from './presence-query';

/** What the interface can say about someone's presence (docs/product.md#presence). */
export type PresenceView =
  | { kind: 'online' }
  | { kind: 'offline'; lastSeen: string | null }
  /** This tab is disconnected: it would not hear a change, so it claims nothing. */
  | { kind: 'unknown' };

/**
 * A contact's presence: read once, then kept live by `presence` events; unknown while this
 * tab's own socket is disconnected, and read again once it is back (changes were not heard).
 */
export function usePresence(userId: string | null, initialOnline = false): PresenceView {
  const queryClient = useQueryClient();
  const connected = useSocketConnected();
  const { data } = useQuery({ ...presenceQueryOptions(userId ?? ''), enabled: userId !== null });
  useRealtimeEvent('presence', (presence) => {
    if (presence.userId === userId && isCurrentPresence(presence)) {
      queryClient.setQueryData(presenceQueryOptions(presence.userId).queryKey, presence);
    }
  });
  useRealtimeReconnect(() => {
    if (userId)
      void queryClient.invalidateQueries({ queryKey: presenceQueryOptions(userId).queryKey });
  });
  if (!connected) return { kind: 'unknown' };
  if (data?.isOnline ?? initialOnline) return { kind: 'online' };
  return { kind: 'offline', lastSeen: data?.lastSeen ?? null };
}
