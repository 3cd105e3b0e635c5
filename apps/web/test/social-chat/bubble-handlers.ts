import { vi } from 'vitest';

/** What a message bubble calls back, recorded (an edit succeeds). */
export function bubbleHandlers() {
  return {
    onRetry: vi.fn(),
    onDiscard: vi.fn(),
    onEdit: vi.fn(() => Promise.resolve()),
    onDelete: vi.fn(),
    onMediaLoad: vi.fn(),
  };
}
