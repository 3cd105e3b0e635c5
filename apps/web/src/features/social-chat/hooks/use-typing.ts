import { typingExpiryMs } from '@confab/protocol/social-chat';
import { useCallback, useEffect, useRef, useState } from 'react';
import { getSocket } from '@/lib/realtime/socket-client';
import { useRealtimeEvent, useRealtimeReconnect } from '@/lib/realtime/use-realtime-event';

/** While the user keeps typing, `isTyping: true` is repeated this often, inside the expiry. */
const repeatMs = Math.floor(typingExpiryMs / 2);

/**
 * Typing indicators both ways. The room joins the chat on the socket (on every connection,
 * since a new connection starts in no chat room) to hear the other's typing; the indicator
 * expires by itself `typingExpiryMs` after the last notice, like the server's. While the chat
 * is not `writable` (read-only) nothing is said, not even that typing ended: the server would
 * refuse it, and the other side's indicator expires by itself.
 */
export function useTyping(chatId: string, viewerId: string, writable = true) {
  const [typist, setTypist] = useState<string | null>(null);
  const expiry = useRef<ReturnType<typeof setTimeout>>(undefined);
  const lastSent = useRef(0);
  /** When the text last changed while not blank; 0 once blank, sent or left. */
  const lastTyped = useRef(0);
  const canSay = useRef(writable);

  // Read by `send` rather than a dependency of it, so that turning read-only does not run the
  // previous `stop` (the cleanup below) with the chat still thought writable.
  useEffect(() => {
    canSay.current = writable;
    if (!writable) {
      lastSent.current = 0;
      lastTyped.current = 0;
    }
  }, [writable]);

  /** The server keeps only writable chats' rooms: a read-only one is neither joined nor heard. */
  const join = useCallback(() => {
    const socket = getSocket();
    if (socket.connected && canSay.current) socket.emit('join_chats', { chatIds: [chatId] });
  }, [chatId]);

  // Joined again when the chat turns writable (an unblock): the block took the tab out.
  useEffect(() => {
    if (!writable) return;
    join();
    return () => {
      const socket = getSocket();
      if (socket.connected) socket.emit('leave_chats', { chatIds: [chatId] });
      clearTimeout(expiry.current);
      setTypist(null);
    };
  }, [chatId, join, writable]);

  useRealtimeEvent('typing', (notice) => {
    if (notice.chatId !== chatId || notice.userId === viewerId) return;
    clearTimeout(expiry.current);
    if (!notice.isTyping) {
      setTypist(null);
      return;
    }
    setTypist(notice.username);
    expiry.current = setTimeout(() => setTypist(null), typingExpiryMs);
  });

  /** False when there is no connection to say it on, or the chat is read-only. */
  const send = useCallback(
    (isTyping: boolean) => {
      const socket = getSocket();
      if (!socket.connected || !canSay.current) return false;
      socket.emit('typing', { chatId, isTyping });
      return true;
    },
    [chatId],
  );

  // A new connection starts in no chat room, and typing done while there was no connection
  // (the page still connecting, say) was never said: say it now if it is still going on.
  useRealtimeReconnect(() => {
    join();
    const now = Date.now();
    if (lastTyped.current && now - lastTyped.current < typingExpiryMs && send(true)) {
      lastSent.current = now;
    }
  });

  /** Called with the input's text on every change. */
  const reportText = useCallback(
    (text: string) => {
      if (!text.trim()) {
        if (lastSent.current) send(false);
        lastSent.current = 0;
        lastTyped.current = 0;
        return;
      }
      const now = Date.now();
      lastTyped.current = now;
      if (now - lastSent.current < repeatMs) return;
      if (send(true)) lastSent.current = now;
    },
    [send],
  );

  /** On send and on blur. */
  const stop = useCallback(() => {
    if (lastSent.current) send(false);
    lastSent.current = 0;
    lastTyped.current = 0;
  }, [send]);

  useEffect(() => stop, [stop]);

  return { typist, reportText, stop };
}
