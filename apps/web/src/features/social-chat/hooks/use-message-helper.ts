import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAiBridge, type AiModelState } from '@/lib/ai-bridge/ai-bridge';
import { helperContextBefore, helperRequest, type HelperAction } from '../lib/helper-prompt';
import type { RoomMessage } from '../lib/message-order';

export type HelperPhase = 'checking' | 'missing' | 'streaming' | 'done' | 'stopped' | 'failed';

/** The helper's one open answer: which message, which action, and how far it got. */
export interface HelperAnswer {
  message: RoomMessage;
  action: HelperAction;
  phase: HelperPhase;
  text: string;
  /** The model and provider answering (or, not set up, the provider and what it lacks). */
  model: string;
  provider: string;
  missing: Extract<AiModelState, { ready: false }>['missing'];
  /** The provider's own words when it failed. */
  failure: string;
}

/** A message the helper works on: a sent text of someone's, not deleted, not a file. */
export function helpsWith(message: RoomMessage): boolean {
  return (
    message.status === 'sent' &&
    !message.deleted &&
    message.contentType === 'text' &&
    !message.attachment &&
    message.content.trim().length > 0
  );
}

/**
 * The private helper on a message (docs/product.md#message-helper): Explain, Translate and
 * Draft a reply, run on the user's own model from this browser. Nothing goes to the server or
 * the other person; the answer lives in this page only. One answer at a time: opening another
 * stops the one before.
 */
export function useMessageHelper(
  messages: readonly RoomMessage[],
  viewerId: string,
  names: { you: string; of: (message: RoomMessage) => string },
) {
  const bridge = useAiBridge();
  const { i18n } = useTranslation();
  const [answer, setAnswer] = useState<HelperAnswer | null>(null);
  const running = useRef<AbortController | null>(null);
  const latest = useRef({ messages, viewerId, names, language: i18n.language });
  latest.current = { messages, viewerId, names, language: i18n.language };

  const stop = useCallback(() => running.current?.abort(), []);
  const close = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setAnswer(null);
  }, []);
  useEffect(() => () => running.current?.abort(), []);

  const open = useCallback(
    (message: RoomMessage, action: HelperAction) => {
      if (!bridge) return;
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      const now = latest.current;
      const change = (next: Partial<HelperAnswer>) =>
        setAnswer((current) =>
          running.current === controller && current ? { ...current, ...next } : current,
        );
      setAnswer({
        message,
        action,
        phase: 'checking',
        text: '',
        model: '',
        provider: '',
        missing: [],
        failure: '',
      });
      const line = (m: RoomMessage) => ({
        from: m.sender === now.viewerId ? now.names.you : now.names.of(m),
        text: m.content,
      });
      const at = now.messages.findIndex((m) => m.id === message.id);
      const before = now.messages
        .slice(0, Math.max(at, 0))
        .filter(helpsWith)
        .slice(-helperContextBefore)
        .map(line);
      void (async () => {
        const state = await bridge.modelState();
        if (!state.ready) {
          change({ phase: 'missing', provider: state.provider, missing: state.missing });
          return;
        }
        change({ phase: 'streaming', model: state.model, provider: state.provider });
        let text = '';
        const result = await bridge.ask({
          ...helperRequest(action, line(message), before, now.language),
          signal: controller.signal,
          onDelta: (delta) => {
            if (delta.type !== 'content') return;
            text += delta.text;
            change({ text });
          },
        });
        change({
          text: result.content,
          model: result.model,
          provider: result.provider,
          phase: result.failure ? 'failed' : result.aborted ? 'stopped' : 'done',
          failure: result.failure ?? '',
        });
      })();
    },
    [bridge],
  );

  return useMemo(
    () => (bridge ? { answer, open, stop, close } : null),
    [bridge, answer, open, stop, close],
  );
}

export type MessageHelper = NonNullable<ReturnType<typeof useMessageHelper>>;
