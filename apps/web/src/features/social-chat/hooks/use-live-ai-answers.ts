import { useEffect } from 'react';
import { useRealtimeEvent } from '@/lib/realtime/use-realtime-event';
import { useLiveAiAnswers } from '../stores/live-ai-answers';

/**
 * Takes in the live answers of the open chat (docs/product.md#ask-ai-in-chat): the server's
 * `aiAnswerStarted`, `aiAnswerDelta`, `aiAnswerEnded` and `aiAnswerStopped`, for the chat's
 * room only. Leaving the room forgets them.
 */
export function useLiveAiAnswerEvents(chatId: string): void {
  const store = useLiveAiAnswers;
  useRealtimeEvent('aiAnswerStarted', (started) => {
    if (started.chatId === chatId) store.getState().start(started);
  });
  useRealtimeEvent('aiAnswerDelta', ({ answerId, text }) =>
    store.getState().append(answerId, text),
  );
  useRealtimeEvent('aiAnswerEnded', ({ answerId }) => store.getState().end(answerId));
  useRealtimeEvent('aiAnswerStopped', ({ chatId: stoppedIn, answerId, reason, byUsername }) =>
    store.getState().stop(stoppedIn, answerId, { reason, byUsername }),
  );
  useEffect(() => () => store.getState().clear(chatId), [store, chatId]);
}
