import type { AiAnswerStartedPayload, AiAnswerStopReason } from '@confab/protocol/ai-answer-relay';
import { create } from 'zustand';

/**
 * Answers streaming in chats now (docs/product.md#ask-ai-in-chat): the other person's, relayed
 * by the server, and the viewer's own (asked in this tab or another). A stopped one stays as a
 * line ("‹name› switched AI off") until the chat is left; a stored one gives way to its message.
 */
export interface LiveAiAnswer extends AiAnswerStartedPayload {
  text: string;
  stopped: { reason: AiAnswerStopReason; byUsername: string | null } | null;
}

interface LiveAiAnswersState {
  answers: Record<string, LiveAiAnswer>;
  start: (started: AiAnswerStartedPayload) => void;
  append: (answerId: string, text: string) => void;
  /** The answer ended: stored (its message shows instead) or cancelled; either way it goes. */
  end: (answerId: string) => void;
  /** One answer stopped, or (answerId null) every live answer of the chat. */
  stop: (
    chatId: string,
    answerId: string | null,
    stopped: NonNullable<LiveAiAnswer['stopped']>,
  ) => void;
  /** Forgets a chat's answers (its room closed). */
  clear: (chatId: string) => void;
}

const without = (answers: Record<string, LiveAiAnswer>, keep: (a: LiveAiAnswer) => boolean) =>
  Object.fromEntries(Object.entries(answers).filter(([, answer]) => keep(answer)));

export const useLiveAiAnswers = create<LiveAiAnswersState>()((set) => ({
  answers: {},
  start: (started) =>
    set((state) => ({
      answers: { ...state.answers, [started.answerId]: { ...started, text: '', stopped: null } },
    })),
  append: (answerId, text) =>
    set((state) => {
      const answer = state.answers[answerId];
      if (!answer || answer.stopped) return state;
      return { answers: { ...state.answers, [answerId]: { ...answer, text: answer.text + text } } };
    }),
  end: (answerId) =>
    set((state) => ({ answers: without(state.answers, (a) => a.answerId !== answerId) })),
  stop: (chatId, answerId, stopped) =>
    set((state) => {
      const answers = { ...state.answers };
      for (const answer of Object.values(answers)) {
        const hit = answer.chatId === chatId && (answerId === null || answer.answerId === answerId);
        if (hit && !answer.stopped) answers[answer.answerId] = { ...answer, stopped };
      }
      return { answers };
    }),
  clear: (chatId) =>
    set((state) => ({ answers: without(state.answers, (a) => a.chatId !== chatId) })),
}));

/** A chat's live answers, oldest first. */
export function liveAnswersIn(
  answers: Record<string, LiveAiAnswer>,
  chatId: string,
): LiveAiAnswer[] {
  return Object.values(answers).filter((answer) => answer.chatId === chatId);
}
