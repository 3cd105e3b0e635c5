import { create } from 'zustand';
import type {
  McpInputEndedPayload,
  McpInputRequestPayload,
  McpInputResponsePayload,
} from '@confab/protocol/mcp-input';
import type { SocketAckReply } from '@confab/protocol/socket-events';
import { getSocket } from '@/lib/realtime/socket-client';
import { socketRequest } from '@/lib/realtime/socket-request';

/**
 * What a tool call's card shows of a server's questions: the open one (others of the same call
 * wait behind it, never dropped), and why a question was declined unseen, if one was.
 */
export interface CallInput {
  question?: McpInputRequestPayload;
  refusal?: string;
}

interface InputState {
  /** By the model's id of the call (the card's call). */
  inputs: Record<string, CallInput>;
}

export const useInputStore = create<InputState>()(() => ({ inputs: {} }));

// The calls this tab made that may be asked something: the server's `callId` → the model's id.
const tracked = new Map<string, string>();
// Every open question of a call, in the order asked; the card shows the first.
const openQuestions = new Map<string, McpInputRequestPayload[]>();
let listening = false;

function show(modelCallId: string, refusal?: string): void {
  useInputStore.setState((state) => {
    const inputs = { ...state.inputs };
    const question = openQuestions.get(modelCallId)?.[0];
    const kept = refusal ?? inputs[modelCallId]?.refusal;
    if (question || kept)
      inputs[modelCallId] = { ...(question && { question }), ...(kept && { refusal: kept }) };
    else delete inputs[modelCallId];
    return { inputs };
  });
}

function onRequest(payload: McpInputRequestPayload): void {
  // Every tab of the user hears it; only the tab that made the call shows it.
  const modelCallId = tracked.get(payload.callId);
  if (!modelCallId) return;
  const questions = openQuestions.get(modelCallId) ?? [];
  if (questions.some((question) => question.requestId === payload.requestId)) return;
  openQuestions.set(modelCallId, [...questions, payload]);
  show(modelCallId);
}

function onEnded(payload: McpInputEndedPayload): void {
  const modelCallId = tracked.get(payload.callId);
  if (!modelCallId) return;
  const questions = (openQuestions.get(modelCallId) ?? []).filter(
    (question) => question.requestId !== payload.requestId,
  );
  if (questions.length > 0) openQuestions.set(modelCallId, questions);
  else openQuestions.delete(modelCallId);
  show(modelCallId, payload.refusal);
}

function listen(): void {
  if (listening) return;
  listening = true;
  const socket = getSocket();
  socket.on('mcpInputRequest', onRequest);
  socket.on('mcpInputEnded', onEnded);
}

/**
 * While a call runs, its questions show in its card. Returns the end of it: an open question
 * goes away with the call (a refusal stays, to say why the tool was declined).
 */
export function trackCallInput(callId: string, modelCallId: string): () => void {
  listen();
  tracked.set(callId, modelCallId);
  return () => {
    tracked.delete(callId);
    openQuestions.delete(modelCallId);
    show(modelCallId);
  };
}

const answerTimeoutMs = 15_000;

/** Sends the user's answer; the server's reply (an error names the fields it refused). */
export function answerInput(
  payload: McpInputResponsePayload,
): Promise<SocketAckReply<{ requestId: string }>> {
  return socketRequest(getSocket(), 'mcpInputResponse', payload, answerTimeoutMs);
}

/** A call id the server accepts (`mcpCallIdSchema`), new for each call. */
export function newCallId(): string {
  return crypto.randomUUID();
}
