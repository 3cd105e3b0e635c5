import { useCallback, useEffect, useRef, useState } from 'react';
import type { SocialMessage } from '@confab/protocol/social-chat';
import { appOutbox } from '../lib/app-outbox';
import { useRealtimeEvent, useRealtimeReconnect } from '@/lib/realtime/use-realtime-event';
import { fetchMessages, pageIsFull } from '../api/list-messages';
import { catchUpCursor } from '../lib/message-order';
import { getChatLog, useChatLog, useMessagesStore } from '../stores/messages-store';
import { catchUp, receive } from '../lib/catch-up';

export type LoadState = 'loading' | 'ready' | 'error';

/**
 * The open chat's messages: the latest page on first opening (a catch-up when the tab already
 * holds some), live events, a catch-up on every reconnection, and older pages on demand.
 */
export function useChatMessages(chatId: string, viewerId: string) {
  const log = useChatLog(chatId);
  const [state, setState] = useState<LoadState>(log.loaded ? 'ready' : 'loading');
  const [loadingOlder, setLoadingOlder] = useState(false);
  const olderRef = useRef<Promise<void> | null>(null);

  const open = useCallback(async () => {
    if (getChatLog(chatId).loaded) {
      setState('ready');
      await catchUp(chatId, viewerId).catch(() => undefined);
      return;
    }
    setState('loading');
    try {
      const page = await fetchMessages(chatId);
      useMessagesStore
        .getState()
        .merge(chatId, page.messages, { loaded: true, hasMore: pageIsFull(page.messages) });
      for (const message of page.messages) appOutbox().settle(message);
      setState('ready');
      // Events are held only once the page is in: one that came while it was on its way is
      // fetched now.
      await catchUp(chatId, viewerId).catch(() => undefined);
    } catch {
      setState('error');
    }
  }, [chatId, viewerId]);

  useEffect(() => {
    void open();
  }, [open]);

  useEffect(
    () =>
      appOutbox().onDelivered((message) =>
        useMessagesStore.getState().merge(message.chatId, [message]),
      ),
    [],
  );

  const live = ({ message }: { message: SocialMessage }) => {
    appOutbox().settle(message);
    const held = getChatLog(message.chatId);
    if (!held.loaded) return;
    const gap = message.seq > catchUpCursor(held.messages) + 1;
    receive(message.chatId, [message]);
    // A number skipped means an event was missed: fetch what lies between.
    if (gap) void catchUp(message.chatId, viewerId).catch(() => undefined);
  };
  // Another participant's message comes as new_message, one this user sent from another tab
  // as newChatMessage.
  useRealtimeEvent('new_message', live);
  useRealtimeEvent('newChatMessage', live);
  useRealtimeEvent('messageUpdated', ({ message }) => {
    if (getChatLog(message.chatId).loaded) receive(message.chatId, [message]);
  });
  useRealtimeEvent('messagesRead', ({ chatId: readChat, userId, lastReadSeq }) => {
    if (userId !== viewerId)
      useMessagesStore.getState().readByOther(readChat, viewerId, lastReadSeq);
  });
  useRealtimeReconnect(() => {
    void catchUp(chatId, viewerId).catch(() => undefined);
  });

  /** Loads the page before the oldest message held (50 at a time). */
  const loadOlder = useCallback((): Promise<void> => {
    olderRef.current ??= (async () => {
      const held = getChatLog(chatId);
      const oldest = held.messages[0];
      if (!held.hasMore || !oldest) return;
      setLoadingOlder(true);
      try {
        const page = await fetchMessages(chatId, { before: oldest._id });
        useMessagesStore
          .getState()
          .merge(chatId, page.messages, { hasMore: pageIsFull(page.messages) });
      } finally {
        setLoadingOlder(false);
      }
    })().finally(() => {
      olderRef.current = null;
    });
    return olderRef.current;
  }, [chatId]);

  /** Loads older pages until the message numbered `seq` is held (a search result to show). */
  const reach = useCallback(
    async (seq: number): Promise<boolean> => {
      for (;;) {
        const held = getChatLog(chatId);
        const oldest = held.messages[0];
        if (!oldest || oldest.seq <= seq) return true;
        if (!held.hasMore) return false;
        await loadOlder();
      }
    },
    [chatId, loadOlder],
  );

  return { log, state, retry: open, loadOlder, loadingOlder, reach };
}
