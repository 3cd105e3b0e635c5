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
 * Opening a chat marks it read (docs/product.md#chat-toggles). While the room is open and visible,
 * each message from the other side that arrives is marked read at once; a hidden tab waits
 * until it is shown again. A read-only chat (not `writable`) takes no read marks: what arrived
 * meanwhile is marked once it is writable again.
 */
export function useMarkRead(
  chatId: string,
  viewerId: string,
  messages: readonly SocialMessage[],
  writable = true,
) {
  const visible = useDocumentVisible();
  const marked = useRef(0);
  const latestUnread = messages.findLast((m) => m.sender !== viewerId && !m.isRead);

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
