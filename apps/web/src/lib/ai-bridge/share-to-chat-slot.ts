import type { AiSharePayload } from '@confab/protocol/ai-in-chat';
import { createContext, useContext, type ComponentType } from 'react';

export interface ShareToChatProps {
  /** The snapshot to share; the dialog is open while there is one. */
  payload: AiSharePayload | null;
  onClose: () => void;
}

/**
 * The dialog that shares an AI answer into a friend chat (docs/product.md#ai-in-chat): it lists
 * the writable chats and sends through the social chat's outbox. It belongs to the social chat,
 * which the AI chat may not import: the app provides it here.
 */
export const ShareToChatSlot = createContext<ComponentType<ShareToChatProps> | null>(null);

/** The share dialog, or null where the app provides none (a preview). */
export function useShareToChat(): ComponentType<ShareToChatProps> | null {
  return useContext(ShareToChatSlot);
}
