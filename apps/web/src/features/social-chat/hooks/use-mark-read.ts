import type { SocialMessage } from '@confab/protocol/social-chat';
import { useEffect, useRef, useState } from 'react';
import { markRead } from '../api/mark-read';

function useDocumentVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const onChange = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, []);
  return visible;
}

/**
 * Read marks follow what the user saw (docs/product.md#chat-toggles): the newest message from
 * the other side up to `seenSeq` (the newest one that was on screen) is marked read, and with it
 * everything before. A message that arrives while the user is scrolled up stays unread until it
 * is scrolled into view; a hidden tab waits until it is shown again. A read-only chat (not
 * `writable`) takes no read marks: what arrived meanwhile is marked once it is writable again.
 */
export function useMarkRead(
  chatId: string,
  viewerId: string,
  messages: readonly SocialMessage[],
  writable: boolean,
  seenSeq: number,
) {
  const visible = useDocumentVisible();
  const marked = useRef(0);
  const latestUnread = messages.findLast(
    (m) => m.sender !== viewerId && !m.isRead && m.seq <= seenSeq,
  );

  useEffect(() => {
    marked.current = 0;
  }, [chatId]);

  useEffect(() => {
    if (!writable || !visible || !latestUnread || latestUnread.seq <= marked.current) return;
    marked.current = latestUnread.seq;
    markRead(chatId, latestUnread._id).catch(() => {
      // Not marked: the next message or visit tries again.
      marked.current = 0;
    });
  }, [chatId, writable, visible, latestUnread]);
}
