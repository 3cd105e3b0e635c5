import { aiRelayLimits } from '@confab/protocol/ai-answer-relay';
import { aiInChatLimits, type AiAnswerPayload } from '@confab/protocol/ai-in-chat';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/components/ui/toast-store';
import { useAiBridge, type AiAskResult } from '@/lib/ai-bridge/ai-bridge';
import { errorText } from '@/lib/error-text';
import { getSocket } from '@/lib/realtime/socket-client';
import { socketRequest } from '@/lib/realtime/socket-request';
import { useRealtimeEvent } from '@/lib/realtime/use-realtime-event';
import { chatsQueryOptions } from '../api/get-chats';
import { sendAckTimeoutMs } from '../api/outbox-transport';
import type { AskAiContextItem } from '../lib/ask-ai-context';
import { askAiPrompt } from '../lib/ask-ai-prompt';
import { useLiveAiAnswers } from '../stores/live-ai-answers';
import { useMessagesStore } from '../stores/messages-store';

export interface AskAiRequest {
  question: string;
  context: AskAiContextItem[];
  model: string;
  provider: string;
}

/** Tries of the final send (the same clientId: stored once however often it goes). */
const sendTries = 3;

/**
 * Asking the viewer's own model in a chat (docs/product.md#ask-ai-in-chat): the model runs in
 * this browser (`useAiBridge().ask`); what it writes is relayed through the server to the other
 * participant as it arrives, coalesced to one delta per `aiRelayLimits.deltaEveryMs`; the end
 * is posted as an `ai_answer` message (once, by its clientId), which replaces the live bubble.
 * A stop from the server (AI switched off, the chat read-only) aborts the model at once and
 * posts nothing.
 */
export function useAskAi(chatId: string, viewer: { id: string; username: string }) {
  const { t } = useTranslation('socialChat');
  const bridge = useAiBridge();
  const queryClient = useQueryClient();
  const running = useRef<AbortController | null>(null);
  const [asking, setAsking] = useState(false);

  useRealtimeEvent('aiAnswerStopped', (stopped) => {
    if (stopped.chatId === chatId) running.current?.abort();
  });
  // Leaving the room stops the answer (the server tells the other side when the tab goes).
  useEffect(() => () => running.current?.abort(), []);

  const ask = useCallback(
    async ({ question, context, model, provider }: AskAiRequest) => {
      if (!bridge || running.current) return;
      const socket = getSocket();
      const answerId = crypto.randomUUID();
      const controller = new AbortController();
      const live = useLiveAiAnswers.getState();
      const fail = (description: string) =>
        toast({ title: t('askAi.failed'), description, variant: 'error' });
      let started;
      try {
        started = await socketRequest(
          socket,
          'aiAnswerStart',
          { chatId, answerId, model, provider, contextCount: context.length },
          sendAckTimeoutMs,
        );
      } catch {
        fail(errorText({ code: 'REQUEST_ERROR' }));
        return;
      }
      if (!started.ok) {
        fail(errorText(started.error));
        return;
      }
      running.current = controller;
      setAsking(true);
      live.start({
        chatId,
        answerId,
        askerId: viewer.id,
        askerUsername: viewer.username,
        model,
        provider,
        contextCount: context.length,
      });

      let waiting = '';
      const relay = () => {
        while (waiting && !controller.signal.aborted) {
          const text = waiting.slice(0, aiRelayLimits.deltaMax);
          waiting = waiting.slice(text.length);
          useLiveAiAnswers.getState().append(answerId, text);
          void socketRequest(socket, 'aiAnswerDelta', { answerId, text }, sendAckTimeoutMs)
            .then((reply) => {
              // Refused (AI off, read-only, past the limit): nothing more is relayed.
              if (!reply.ok) controller.abort();
            })
            .catch(() => undefined);
        }
      };
      const timer = setInterval(relay, aiRelayLimits.deltaEveryMs);
      let result: AiAskResult;
      try {
        result = await bridge.ask({
          ...askAiPrompt({ question, context, askerName: viewer.username }),
          signal: controller.signal,
          onDelta: (delta) => {
            if (delta.type === 'content') waiting += delta.text;
          },
        });
      } finally {
        clearInterval(timer);
      }
      relay();

      const reply = result.content.slice(0, aiInChatLimits.textMax);
      const stored =
        !controller.signal.aborted && !result.failure && reply.trim() !== ''
          ? await postAnswer(chatId, {
              kind: 'answer',
              question: question.trim(),
              reply,
              reasoning: result.reasoning.slice(0, aiInChatLimits.textMax),
              model: result.model || model,
              provider: result.provider || provider,
              contextCount: context.length,
              inputTokens: result.inputTokens,
              outputTokens: result.outputTokens,
            })
          : null;
      if (stored?.error !== undefined) fail(stored.error);
      else if (result.failure && !controller.signal.aborted) fail(result.failure);
      const posted = stored?.message !== undefined;
      if (stored?.message) {
        useMessagesStore.getState().merge(chatId, [stored.message]);
        void queryClient.invalidateQueries({ queryKey: chatsQueryOptions.queryKey });
      }
      await socketRequest(
        socket,
        'aiAnswerEnd',
        { answerId, stored: posted },
        sendAckTimeoutMs,
      ).catch(() => undefined);
      // A stopped answer keeps its line ("‹name› switched AI off"); any other end removes it.
      const mine = useLiveAiAnswers.getState().answers[answerId];
      if (mine && !mine.stopped) useLiveAiAnswers.getState().end(answerId);
      running.current = null;
      setAsking(false);
    },
    [bridge, chatId, viewer.id, viewer.username, queryClient, t],
  );

  const cancel = useCallback(() => running.current?.abort(), []);
  return { ask, cancel, asking, available: bridge !== null };
}

/** Posts the answer as an `ai_answer` message: stored once by its clientId, however often sent. */
async function postAnswer(chatId: string, ai: AiAnswerPayload) {
  const clientId = crypto.randomUUID();
  for (let attempt = 1; ; attempt += 1) {
    try {
      const reply = await socketRequest(
        getSocket(),
        'sendMessage',
        { chatId, contentType: 'ai_answer', ai, clientId },
        sendAckTimeoutMs,
      );
      return reply.ok
        ? { message: reply.data.message, error: undefined }
        : { message: undefined, error: errorText(reply.error) };
    } catch {
      if (attempt >= sendTries)
        return { message: undefined, error: errorText({ code: 'TIMEOUT' }) };
    }
  }
}
