import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRealtimeEvent, useRealtimeReconnect } from '@/lib/realtime/use-realtime-event';
import { contactsQueryOptions } from '../api/get-contacts';

/**
 * Reloads the contact list whenever the server says something changed (a request arrived, was
 * answered, removed or blocked, a chat was created) and after a reconnection, when events may
 * have been missed.
 */
export function useLiveContacts(): void {
  const queryClient = useQueryClient();
  const reload = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: contactsQueryOptions.queryKey });
  }, [queryClient]);
  useRealtimeEvent('newFriendMessage', reload);
  useRealtimeEvent('contactUpdated', reload);
  useRealtimeEvent('newFriendChat', reload);
  // A contact's new display name or avatar.
  useRealtimeEvent('profileUpdated', reload);
  useRealtimeReconnect(reload);
}
