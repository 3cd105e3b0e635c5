import { useCallback, useEffect, useRef, useState } from 'react';
import { appOutbox } from '../lib/app-outbox';
import { isApiError } from '@/lib/api-error';
import { useRealtimeReconnect } from '@/lib/realtime/use-realtime-event';
import { fetchMessages, pageIsFull } from '../api/list-messages';
import { getChatLog, useChatLog, useMessagesStore } from '../stores/messages-store';
import { catchUp } from '../lib/catch-up';

/**
 * `offline`: the messages could not be read because the server is out of reach (a page loaded
 * offline): the room still takes messages into the outbox, and reads them once connected.
 */
export type LoadState = 'loading' | 'ready' | 'error' | 'offline';

/** Read afresh each time: the browser may go offline while a request waits. */
const browserOffline = () => navigator.onLine === false;

/**
 * The open chat's messages: the latest page on first opening (a catch-up when the tab already
 * holds some), a catch-up on every reconnection, and older pages on demand. Live events reach
 * the log through `useLiveSocialChat`, which the page runs.
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
    // Offline, asking (and retrying) would only keep a spinner up: the room opens at once.
    if (browserOffline()) {
      setState('offline');
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
    } catch (error) {
      const unanswered = browserOffline() || (isApiError(error) && error.statusCode === 0);
      setState(unanswered ? 'offline' : 'error');
    }
  }, [chatId, viewerId]);

  useEffect(() => {
    void open();
  }, [open]);

  useRealtimeReconnect(() => {
    // Connected again: a room opened offline reads its messages now.
    if (!getChatLog(chatId).loaded) void open();
    else void catchUp(chatId, viewerId).catch(() => undefined);
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
