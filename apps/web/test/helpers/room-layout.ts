import { vi } from 'vitest';
import { stubLayout } from './ai-chat-page';

/**
 * The room's message list is virtualised: its rows need a size to be drawn, and a view tall
 * enough to show all of a test's messages (only what is on screen is marked read).
 */
export function stubRoomLayout(): void {
  stubLayout();
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(
    DOMRect.fromRect({ width: 800, height: 2000 }),
  );
}
