import { beforeAll } from 'vitest';

/**
 * Loads the AI chat page's code before the file's tests: its first (cold) load on a busy
 * machine can outlast a query's wait, which would fail whichever test happens to run first.
 */
export function warmAiChatPage(): void {
  beforeAll(() => import('@/features/ai-chat/routes/ai-chat-page').then(() => undefined), 60_000);
}
