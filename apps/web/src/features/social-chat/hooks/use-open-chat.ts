import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { setActiveChat } from '../stores/active-chat';

/**
 * Tapping a row (docs/product.md#conversation-list): the chat becomes the single active chat and
 * /socialChatRoom opens. It is not marked read here: the room marks read what it shows, so the
 * messages that were unread stay so until they are on screen.
 */
export function useOpenChat(): (chatId: string) => void {
  const navigate = useNavigate();
  return useCallback(
    (chatId: string) => {
      setActiveChat(chatId);
      void navigate(paths.socialChatRoom);
    },
    [navigate],
  );
}
