import type { Contact } from '@confab/protocol/contacts';
import type { ChatUnread } from '@confab/protocol/social-chat';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { attentionStore } from '@/lib/attention/attention-store';
import { followUnreadTitle } from '@/lib/attention/unread-title';
import { followOpenRequests } from '@/lib/pwa/open-from-notice';
import { useRealtimeEvent, useRealtimeReconnect } from '@/lib/realtime/use-realtime-event';
import { messageNotice, requestNotice } from '../lib/notice-text';
import { notifySettings } from '../lib/notify-settings';
import { playChime } from '../lib/notify-sound';
import { subscribeDevice } from '../lib/push-device';
import { notificationPermission, showNotice } from '../lib/show-notice';

/** What the app gives the notifications: the lists they count from, and how to open a path. */
export interface NotificationSources {
  viewerId: string | null;
  loadChats: (signal?: AbortSignal) => Promise<readonly ChatUnread[]>;
  loadContacts: (signal?: AbortSignal) => Promise<readonly Contact[]>;
  open: (url: string) => void;
}

type ChatState = Omit<ChatUnread, '_id'>;

const isPendingIncoming = (contact: Contact) =>
  contact.status === 'pending' && contact.direction === 'incoming';

const tabHidden = () => document.visibilityState === 'hidden';

/**
 * docs/product.md#notifications, on every signed-in page: the unread total of the chats that
 * are not muted (in the tab's title and on the navigation) and the friend requests waiting
 * (on the navigation), read at start and on every reconnection and kept current from the
 * socket's events; and, while the tab is hidden, a system notification (with the chime, when
 * the user turned it on) for each new message of a chat that is not muted and each friend
 * request.
 */
export function useNotifications({ viewerId, loadChats, loadContacts, open }: NotificationSources) {
  const { t } = useTranslation();
  const chats = useRef(new Map<string, ChatState>());
  // The permission is asked only once the user has a chat (docs/product.md#notifications).
  const [hasChats, setHasChats] = useState(false);

  const publish = useCallback(() => {
    let unread = 0;
    for (const chat of chats.current.values()) if (!chat.isMuted) unread += chat.unread;
    attentionStore.setState({ unreadMessages: unread });
    setHasChats(chats.current.size > 0);
  }, []);

  const reloadChats = useCallback(async () => {
    try {
      const list = await loadChats();
      chats.current = new Map(
        list.map((chat) => [
          chat._id,
          { unread: chat.unread, isMuted: chat.isMuted, nickname: chat.nickname },
        ]),
      );
      publish();
    } catch {
      // Kept as it was: the next reconnection reads the list again.
    }
  }, [loadChats, publish]);

  const reloadContacts = useCallback(async () => {
    try {
      const contacts = await loadContacts();
      attentionStore.setState({ pendingRequests: contacts.filter(isPendingIncoming).length });
    } catch {
      // As above.
    }
  }, [loadContacts]);

  useEffect(() => {
    if (!viewerId) return;
    void reloadChats();
    void reloadContacts();
    // Allowed earlier: this device keeps (or renews) its Web Push subscription.
    if (notificationPermission() === 'granted') subscribeDevice();
    const title = followUnreadTitle();
    const unsubscribe = attentionStore.subscribe((state) => title.setUnread(state.unreadMessages));
    title.setUnread(attentionStore.getState().unreadMessages);
    const stopOpening = followOpenRequests(open);
    return () => {
      unsubscribe();
      title.stop();
      stopOpening();
      chats.current = new Map();
      attentionStore.setState({ unreadMessages: 0, pendingRequests: 0 });
    };
  }, [viewerId, reloadChats, reloadContacts, open]);

  const alert = useCallback(
    (notice: Parameters<typeof showNotice>[0]) => {
      void showNotice(notice, open).catch(() => undefined);
      if (notifySettings.getState().sound) playChime();
    },
    [open],
  );

  useRealtimeEvent('new_message', ({ chatId, unread, message }) => {
    if (!viewerId) return;
    const known = chats.current.get(chatId);
    chats.current.set(chatId, {
      unread,
      isMuted: known?.isMuted ?? false,
      nickname: known?.nickname ?? null,
    });
    publish();
    // A chat the tab did not know (a new friend's): its name and mute come with the list.
    if (!known) void reloadChats();
    if (known?.isMuted || !tabHidden()) return;
    alert(messageNotice(message, known ?? null, t));
  });
  useRealtimeEvent('chatUpdated', ({ chat }) => {
    chats.current.set(chat._id, {
      unread: chat.unread,
      isMuted: chat.isMuted,
      nickname: chat.nickname,
    });
    publish();
  });
  useRealtimeEvent('newFriendChat', () => void reloadChats());
  useRealtimeEvent('newFriendMessage', ({ contact }) => {
    void reloadContacts();
    if (viewerId && isPendingIncoming(contact) && tabHidden()) alert(requestNotice(contact, t));
  });
  useRealtimeEvent('contactUpdated', () => void reloadContacts());
  useRealtimeReconnect(() => {
    if (!viewerId) return;
    void reloadChats();
    void reloadContacts();
  });
  return { hasChats };
}
