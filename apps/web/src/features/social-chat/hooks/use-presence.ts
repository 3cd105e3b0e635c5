import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRealtimeEvent, useRealtimeReconnect } from '@/lib/realtime/use-realtime-event';
import { presenceQueryOptions } from '../api/get-presence';

/** The other participant's online status: read once, then kept live by `presence` events. */
export function usePresence(userId: string | null, initial: boolean): boolean {
  const queryClient = useQueryClient();
  const { data } = useQuery({
    ...presenceQueryOptions(userId ?? ''),
    enabled: userId !== null,
  });
  useRealtimeEvent('presence', (presence) => {
    if (presence.userId === userId) {
      queryClient.setQueryData(presenceQueryOptions(presence.userId).queryKey, presence);
    }
  });
  // Changes during a disconnection were not heard.
  useRealtimeReconnect(() => {
    if (userId)
      void queryClient.invalidateQueries({ queryKey: presenceQueryOptions(userId).queryKey });
  });
  return data?.isOnline ?? initial;
}
