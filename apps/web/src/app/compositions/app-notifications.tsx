import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { waitingRequestsQueryOptions } from '@/features/contacts/api/get-contacts';
import { NotificationBar } from '@/features/notifications/components/notification-bar';
import { useNotifications } from '@/features/notifications/hooks/use-notifications';
import { chatsUnreadQueryOptions } from '@/features/social-chat/api/get-chats-unread';
import { useSession } from '@/lib/auth/use-session';
import { paths } from '@/lib/paths';

/**
 * The notifications on every signed-in page, fed by the chats' unread counts (only those, not
 * the chat list with its previews) and the friend requests waiting for an answer (only those,
 * not the whole contact list), with their settings above the chat list.
 */
export function AppNotifications() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const loadChats = useCallback(
    () => queryClient.fetchQuery({ ...chatsUnreadQueryOptions, staleTime: 0 }),
    [queryClient],
  );
  const loadContacts = useCallback(
    () => queryClient.fetchQuery({ ...waitingRequestsQueryOptions, staleTime: 0 }),
    [queryClient],
  );
  const open = useCallback((url: string) => void navigate(url), [navigate]);
  const { hasChats } = useNotifications({
    viewerId: user?.id ?? null,
    loadChats,
    loadContacts,
    open,
  });
  return pathname === paths.agents ? <NotificationBar hasChats={hasChats} /> : null;
}
